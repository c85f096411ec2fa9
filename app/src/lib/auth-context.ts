import { createContext, useContext } from 'react';

export type Role = 'admin' | 'client';

export interface User {
  id: number;
  name: string;
  email: string;
  balance: number;
  role: Role;
  firstName?: string;
  lastName?: string;
  emailNotifications?: boolean;
  smsNotifications?: boolean;
  /** Signs in with a second step. */
  twoFactor?: boolean;
}

/** The password was right; sign-in finishes with a code (`completeLogin`). */
export interface SecondStep {
  challenge: string;
  remember: boolean;
}

export interface AuthContextValue {
  user: User | null;
  loading: boolean;
  /** A logout is on its way to "/": guards must not send the user to /login meanwhile. */
  leaving?: boolean;
  login: (email: string, password: string, remember: boolean) => Promise<User | SecondStep>;
  /** The second step of a sign-in whose password was right. */
  completeLogin: (step: SecondStep, code: string) => Promise<User>;
  signup: (name: string, email: string, password: string) => Promise<void>;
  logout: (callback?: () => void) => Promise<void>;
  refreshUser: () => Promise<User | null>;
  setUser: (user: User | null) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
