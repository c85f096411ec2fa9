import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['dialtone-core', 'dialtone-core-tools'],
              message: 'Import core rules from src/lib/core.ts (or core-tools.ts) only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/core.ts', 'src/lib/core-tools.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
