/** The login page's own words, shared with the first screen the server paints before the app (app/shell.ts). */
export const LOGIN_TEXT = {
  title: 'Log ind',
  email: 'E-mail',
  password: 'Adgangskode',
  rememberMe: 'Husk mig',
  forgotPassword: 'Glemt adgangskode?',
  submit: 'Log ind',
  noUser: 'Har du ikke en bruger?',
  signup: 'Opret bruger',
} as const;
