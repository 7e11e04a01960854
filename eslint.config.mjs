// ESLint (flat config): typescript-eslint, the React hooks rules for the webview, no HTML injection, readable lines.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Line width, the same as Prettier's printWidth (.prettierrc.json). */
const MAX_LINE = 140;

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.cache/**', 'test-results/**', 'examples/**', '**/*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // Model output is text, never HTML: no way to parse a string into the DOM.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Model output is text: use textContent or React children.' },
        { property: 'outerHTML', message: 'Model output is text: use textContent or React children.' },
        { property: 'insertAdjacentHTML', message: 'Model output is text: build elements instead.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Model output is text: render it as React children.' },
        { selector: "Property[key.name='dangerouslySetInnerHTML']", message: 'Model output is text: render it as React children.' },
      ],
      'max-len': [
        'error',
        { code: MAX_LINE, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['webview/**/*.{ts,tsx}', 'test/unit/webview/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'test/vscode/**', 'test/e2e/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly' } },
  },
);
