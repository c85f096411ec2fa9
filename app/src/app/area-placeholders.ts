export interface AreaPlaceholder {
  path: string;
  title: string;
  description: string;
}

/** Client pages still showing only their title and purpose. */
export const clientPlaceholders: AreaPlaceholder[] = [];

/** Admin pages still showing only their title and purpose. */
export const adminPlaceholders: AreaPlaceholder[] = [];
