/**
 * Every text a person reads that SPEC.md §8 gives, in one place for server and
 * client. Texts SPEC.md does not give are written in the same voice.
 */
export const MSG = {
  unknownError: 'Der opstod en ukendt fejl!',
  genericError: 'Der opstod en fejl!',
  noItems: 'Ingen elementer blev fundet.',
  noResults: 'Ingen resultater fundet.',
  notFound: 'Elementet blev ikke fundet.',
  forbidden: 'Du har ikke adgang til dette.',
  notLoggedIn: 'Du skal være logget ind.',
  noClub: 'Du er ikke tilknyttet en klub.',
  moduleOff: 'Modulet er ikke aktiveret for klubben.',
  invalidOrigin: 'Anmodningen blev afvist.',
  // auth
  loginFailed: 'Forkert e-mail eller adgangskode.',
  emailNotConfirmed: 'Din e-mail er ikke bekræftet endnu. Klik på linket i den e-mail vi har sendt dig.',
  tooManyAttempts: 'For mange forsøg. Prøv igen om lidt.',
  forgotSent: 'E-mail blev sendt med et link til at genskabe din adgangskode',
  resetFailed: 'Adgangskoden kunne ikke genskabes',
  signupSuccess: 'Din bruger blev oprettet! Klik på linket i den e-mail vi har sendt dig for at bekræfte din e-mail.',
  emailTaken: 'Der findes allerede en bruger med denne e-mail.',
  emailConfirmed: 'Din e-mail er bekræftet. Du kan nu logge ind.',
  confirmFailed: 'Linket er ugyldigt eller udløbet.',
  notMemberOfClub: 'Du er ikke medlem af denne klub.',
  // modules
  moduleCreated: 'Modulet blev oprettet!',
  moduleSaved: 'Modulet blev gemt!',
  moduleDeleted: 'Modulet blev slettet!',
  aliasTaken: 'Alias er allerede i brug.',
  confirmDeleteModule: 'Er du sikker på at du vil slette dette modul?',
  // companies
  companyCreated: 'Virksomheden blev oprettet!',
  companySaved: 'Virksomheden blev gemt!',
  companyDeleted: 'Virksomheden blev slettet!',
  confirmDeleteCompany: 'Er du sikker på at du vil slette denne virksomhed?',
  contactCreated: 'Kontaktpersonen blev oprettet!',
  contactSaved: 'Kontaktpersonen blev gemt!',
  contactDeleted: 'Kontaktpersonen blev slettet!',
  confirmDeleteContact: 'Er du sikker på at du vil slette denne kontaktperson?',
  contactListCreated: 'Kontaktliste blev oprettet!',
  contactListSaved: 'Kontaktliste blev gemt!',
  confirmDeleteContactList: 'Er du sikker på at du vil slette denne kontaktliste?',
  commentAdded: 'Kommentar tilføjet',
  commentDeleted: 'Kommentar slettet',
  confirmDeleteComment: 'Er du sikker på at du vil slette denne kommentar?',
  // catalogue
  productCreated: 'Produktet blev oprettet!',
  productSaved: 'Produktet blev gemt!',
  confirmDeleteProduct: 'Er du sikker på at du vil slette dette produkt?',
  categoryCreated: 'Kategorien blev oprettet!',
  categorySaved: 'Kategorien blev gemt!',
  confirmDeleteCategory: 'Er du sikker på at du vil slette denne kategori?',
  productsSorted: 'Produkterne blev sorteret!',
  groupCreated: 'Gruppen blev oprettet!',
  groupSaved: 'Gruppen blev gemt!',
  confirmDeleteGroup: 'Er du sikker på at du vil slette denne gruppe?',
  seasonCreated: 'Sæsonen blev oprettet!',
  seasonSaved: 'Sæsonen blev gemt!',
  confirmDeleteSeason: 'Er du sikker på at du vil slette denne sæson?',
  fieldCreated: 'Feltet blev oprettet!',
  fieldSaved: 'Feltet blev gemt!',
  confirmDeleteField: 'Er du sikker på at du vil slette dette felt?',
  discountCodeCreated: 'Rabatkoden blev oprettet!',
  discountCodeSaved: 'Rabatkoden blev gemt!',
  confirmDeleteDiscountCode: 'Er du sikker på at du vil slette denne rabatkode?',
  settingsSaved: 'Indstillinger blev gemt!',
  confirmTitle: 'Bekræft',
  cancel: 'Fortryd',
  confirm: 'Bekræft',
  pageNotFound: 'Oops. This Page Not Found.',
} as const;

/** 'Er du sikker på at du vil slette denne/dette {noun}?' — SPEC §8's confirmation pattern. */
export function confirmDelete(article: 'denne' | 'dette', noun: string): string {
  return `Er du sikker på at du vil slette ${article} ${noun}?`;
}
