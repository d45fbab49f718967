import { MODULE_ALIASES, MODULES } from '@klubhus/domain';
import type { Kysely } from 'kysely';
import { json } from '../json';
import { hashPassword } from '../password';
import type { Database } from '../schema';
import { setScope } from '../tenancy';
import { seedCatalogueDemo } from './catalogue';
import { seedCrmDemo } from './crm';
import { seedEventsDemo } from './events';
import { seedInvoicesDemo } from './invoices';
import { seedOrdersDemo } from './orders';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERS = {
  admin: 'admin@demo.dk',
  staff: 'staff@demo.dk',
  member: 'member@demo.dk',
} as const;

const fullAccess = (subject: string) => ({
  name: 'Fuld adgang',
  userACL: [{ subject: [subject], action: ['manage'], inverted: false, reason: null, conditions: null, fields: ['*'] }],
});
const readAccess = (subject: string) => ({
  name: 'Læseadgang',
  userACL: [{ subject: [subject], action: ['read'], inverted: false, reason: null, conditions: null, fields: ['*'] }],
});
/** The modules that SPEC §2's routes need, in menu order (see MODULES in @klubhus/domain). */
export const DEMO_MODULES = MODULE_ALIASES.map((alias) => ({ alias, ...MODULES[alias] }));

const ROLES = [
  { name: 'Administrator', alias: 'admin' },
  { name: 'Medarbejder', alias: 'staff' },
  { name: 'Medlem', alias: 'member' },
];

const EXTRA_INFO = {
  companies: [
    { title: 'Branche', alias: 'branche', type: 'Select', values: ['Detail', 'Håndværk', 'Finans', 'IT', 'Andet'], multiple: false },
    { title: 'Interesser', alias: 'interesser', type: 'Checkbox', values: ['Fodbold', 'Håndbold', 'Netværk'], multiple: true },
    { title: 'Sponsorniveau', alias: 'niveau', type: 'Radio', values: ['Guld', 'Sølv', 'Bronze'], multiple: false },
    { title: 'Noter', alias: 'noter', type: 'Text', values: [], multiple: false },
  ],
  contacts: [{ title: 'Kostpræferencer', alias: 'kost', type: 'Select', values: ['Ingen', 'Vegetar', 'Vegansk'], multiple: false }],
};

/** True when the database has no clubs yet (first start). */
export async function isEmpty(owner: Kysely<Database>): Promise<boolean> {
  const row = await owner.selectFrom('clients').select('id').limit(1).executeTakeFirst();
  return !row;
}

/**
 * The demo installation: clubs "Demo IF" (every module on) and "Nabo BK" (so
 * isolation is visible), the three demo users and the modules. Runs as owner in
 * one transaction; idempotent by checking for the demo club.
 */
export async function seedDemo(owner: Kysely<Database>): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await owner.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('clients').select('id').where('name', '=', 'Demo IF').executeTakeFirst();
    if (existing) return;
    const moduleIds: number[] = [];
    for (const [i, m] of DEMO_MODULES.entries()) {
      const row = await trx
        .insertInto('modules')
        .values({
          name: m.name,
          alias: m.alias,
          url: m.url,
          icon: m.icon,
          sorting: i + 1,
          features: json(m.features.map((f) => ({ ...f, settings: [] }))),
          views: json(m.views.map((route) => ({ route, values: [] }))),
          components: json([]),
          acl_rules: json([fullAccess(m.alias), readAccess(m.alias)]),
        })
        .onConflict((oc) => oc.column('alias').doUpdateSet({ name: m.name }))
        .returning('id')
        .executeTakeFirstOrThrow();
      moduleIds.push(row.id);
    }
    const settings = {
      companies: { extraInfo: EXTRA_INFO.companies },
      contacts: { extraInfo: EXTRA_INFO.contacts },
      events: {
        invitationSubject: 'Invitation',
        sponsorTypes: ['Hovedsponsor', 'Guldsponsor', 'Sølvsponsor', 'Partner'],
        emailTemplates: [
          {
            name: 'Sponsoraften',
            template:
              '<p>Kære {{firstname}}</p><p>Vi har fornøjelsen at invitere dig til {{event}} {{date}} på {{location}}.</p><p><a href="{{link}}">Tilmeld dig her</a></p><p>Med venlig hilsen<br>Demo IF</p>',
          },
        ],
        smsTemplates: [],
        ticketTemplates: [],
      },
      webshop: {
        terms: '<h2>Handelsbetingelser</h2><p>Billetter og varer købes hos klubben. Køb er bindende, når betalingen er gennemført. Fortrydelsesretten gælder ikke billetter til arrangementer på en bestemt dato.</p>',
        subscriptionTerms:
          '<h2>Abonnementsbetingelser</h2><p>Abonnementet kan ikke opsiges i bindingsperioden. Betaling trækkes automatisk hver betalingsperiode.</p>',
      },
    };
    const demo = await trx
      .insertInto('clients')
      .values({
        name: 'Demo IF',
        address: 'Stadionvej 1',
        zip_code: '8000',
        city: 'Aarhus C',
        cvr: '12345678',
        email: 'kontakt@demo.dk',
        phone: '12 34 56 78',
        website: 'https://demo.dk',
        roles: json(ROLES),
        settings: json(settings),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const nabo = await trx
      .insertInto('clients')
      .values({
        name: 'Nabo BK',
        address: 'Boldbanen 7',
        zip_code: '8200',
        city: 'Aarhus N',
        email: 'info@nabobk.dk',
        phone: '87 65 43 21',
        roles: json(ROLES),
        // Stripe keys that no Stripe account has: the club pays with Stripe only once its orders
        // module's `stripe` feature is switched on (off here), which the browser test of Stripe
        // Elements does against a local stub of Stripe's API (STRIPE_API_URL) and of Stripe.js.
        settings: json({ ...settings, stripe: { secretKey: 'sk_test_klubhus_offline', publishableKey: 'pk_test_klubhus_offline', webhookSecret: 'whsec_klubhus_offline' } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const user = (email: string, firstname: string, lastname: string, flags: { admin?: boolean; super_admin?: boolean } = {}) =>
      trx
        .insertInto('users')
        .values({ email, firstname, lastname, password_hash: passwordHash, email_confirmed: true, ...flags })
        .returning('id')
        .executeTakeFirstOrThrow();
    const admin = await user(DEMO_USERS.admin, 'Anna', 'Admin', { admin: true, super_admin: true });
    const staff = await user(DEMO_USERS.staff, 'Søren', 'Stab');
    const member = await user(DEMO_USERS.member, 'Mette', 'Medlem');

    for (const [club, members] of [
      [demo.id, [[admin.id, 'admin'], [staff.id, 'staff'], [member.id, 'member']]],
      [nabo.id, [[admin.id, 'admin']]],
    ] as const) {
      await setScope(trx, club, null);
      for (const [userId, role] of members) {
        await trx.insertInto('client_users').values({ client_id: club, user_id: userId, role }).execute();
      }
      for (const moduleId of moduleIds) {
        const m = DEMO_MODULES[moduleIds.indexOf(moduleId)];
        await trx
          .insertInto('client_modules')
          .values({
            client_id: club,
            module_id: moduleId,
            active: true,
            features: json(m.features.map((f) => ({ alias: f.alias, active: club === demo.id, settings: {} }))),
            role_acls: json([{ ruleId: 'Fuld adgang', role: 'staff' }]),
          })
          .execute();
      }
    }
    await seedCatalogueDemo(trx, demo.id);
    await seedCrmDemo(trx, demo.id, staff.id);
    await seedEventsDemo(trx, demo.id, staff.id);
    await seedOrdersDemo(trx, demo.id, staff.id);
    await seedInvoicesDemo(trx, demo.id, staff.id);
    await setScope(trx, null, null);
  });
}
