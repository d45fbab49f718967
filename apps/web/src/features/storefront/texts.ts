/** The home page's own words, shared with the first screen the server paints before the app (app/shell.ts). */
export const HOME_TEXT = {
  welcome: (clubName: string) => `Velkommen til ${clubName}`,
  visitorLead: 'Log ind eller opret en bruger for at se dine billetter, abonnementer og betalingskort.',
} as const;
