import { json } from '../json';
import type { Tx } from '../tenancy';
import { setScope } from '../tenancy';

interface DemoCompany {
  name: string;
  cvr: string;
  address: string;
  zip: string;
  city: string;
  email: string;
  phone: string;
  website: string;
  status: 0 | 1 | 2 | 99;
  followUpInDays: number | null;
  branche: string;
  niveau: string | null;
}

const COMPANIES: DemoCompany[] = [
  { name: 'Aarhus Auto ApS', cvr: '31245789', address: 'Viborgvej 120', zip: '8210', city: 'Aarhus V', email: 'info@aarhusauto.dk', phone: '86 12 34 56', website: 'https://aarhusauto.dk', status: 1, followUpInDays: 30, branche: 'Detail', niveau: 'Guld' },
  { name: 'Bager Hansen', cvr: '28451236', address: 'Søndergade 4', zip: '8000', city: 'Aarhus C', email: 'kontakt@bagerhansen.dk', phone: '86 19 22 33', website: 'https://bagerhansen.dk', status: 1, followUpInDays: null, branche: 'Detail', niveau: 'Bronze' },
  { name: 'Byg & Montage A/S', cvr: '35874120', address: 'Industrivej 18', zip: '8260', city: 'Viby J', email: 'salg@bygmontage.dk', phone: '70 20 30 40', website: 'https://bygmontage.dk', status: 2, followUpInDays: 7, branche: 'Håndværk', niveau: 'Sølv' },
  { name: 'Datahuset Nord', cvr: '40125698', address: 'Nordre Ringgade 2', zip: '8200', city: 'Aarhus N', email: 'hej@datahuset.dk', phone: '88 44 55 66', website: 'https://datahuset.dk', status: 0, followUpInDays: 3, branche: 'IT', niveau: null },
  { name: 'Elektriker Jensen', cvr: '26987412', address: 'Randersvej 310', zip: '8200', city: 'Aarhus N', email: 'post@elektrikerjensen.dk', phone: '40 12 12 12', website: 'https://elektrikerjensen.dk', status: 1, followUpInDays: 60, branche: 'Håndværk', niveau: 'Bronze' },
  { name: 'Fjord Revision', cvr: '33654789', address: 'Havnegade 12', zip: '8000', city: 'Aarhus C', email: 'info@fjordrevision.dk', phone: '87 30 30 30', website: 'https://fjordrevision.dk', status: 99, followUpInDays: null, branche: 'Finans', niveau: null },
  { name: 'Gartneriet Solsikken', cvr: '29874563', address: 'Landevejen 7', zip: '8520', city: 'Lystrup', email: 'gartner@solsikken.dk', phone: '86 22 11 00', website: 'https://solsikken.dk', status: 0, followUpInDays: 14, branche: 'Andet', niveau: null },
  { name: 'Hotel Marselis', cvr: '12457896', address: 'Strandvejen 25', zip: '8000', city: 'Aarhus C', email: 'booking@hotelmarselis.dk', phone: '86 14 44 11', website: 'https://hotelmarselis.dk', status: 1, followUpInDays: 90, branche: 'Andet', niveau: 'Guld' },
  { name: 'Kaffebaren Østergade', cvr: '41236587', address: 'Østergade 9', zip: '8000', city: 'Aarhus C', email: 'kaffe@oestergade.dk', phone: '22 33 44 55', website: 'https://kaffebaren.dk', status: 2, followUpInDays: 5, branche: 'Detail', niveau: 'Bronze' },
  { name: 'Nordea Erhverv Aarhus', cvr: '13522197', address: 'Frederiksgade 78', zip: '8000', city: 'Aarhus C', email: 'erhverv.aarhus@nordea.dk', phone: '70 33 33 33', website: 'https://nordea.dk', status: 1, followUpInDays: 120, branche: 'Finans', niveau: 'Guld' },
  { name: 'Sportigan Aarhus', cvr: '30125478', address: 'Bruuns Galleri', zip: '8000', city: 'Aarhus C', email: 'aarhus@sportigan.dk', phone: '86 11 22 33', website: 'https://sportigan.dk', status: 0, followUpInDays: 1, branche: 'Detail', niveau: null },
  { name: 'VVS-Eksperten', cvr: '27458963', address: 'Silkeborgvej 600', zip: '8220', city: 'Brabrand', email: 'service@vvs-eksperten.dk', phone: '86 26 26 26', website: 'https://vvs-eksperten.dk', status: 1, followUpInDays: 45, branche: 'Håndværk', niveau: 'Sølv' },
];

const CONTACTS: { firstname: string; lastname: string; email: string; mobile: string; company: number; highlighted?: boolean }[] = [
  { firstname: 'Lars', lastname: 'Mikkelsen', email: 'lars@aarhusauto.dk', mobile: '20 11 22 33', company: 0, highlighted: true },
  { firstname: 'Pia', lastname: 'Sørensen', email: 'pia@aarhusauto.dk', mobile: '20 44 55 66', company: 0 },
  { firstname: 'Henrik', lastname: 'Hansen', email: 'henrik@bagerhansen.dk', mobile: '30 12 34 56', company: 1 },
  { firstname: 'Mette', lastname: 'Kjær', email: 'mk@bygmontage.dk', mobile: '40 98 76 54', company: 2, highlighted: true },
  { firstname: 'Jonas', lastname: 'Berg', email: 'jonas@datahuset.dk', mobile: '50 10 20 30', company: 3 },
  { firstname: 'Kim', lastname: 'Jensen', email: 'kim@elektrikerjensen.dk', mobile: '40 12 12 13', company: 4 },
  { firstname: 'Anne', lastname: 'Lund', email: 'anne@fjordrevision.dk', mobile: '61 22 33 44', company: 5 },
  { firstname: 'Ole', lastname: 'Gregersen', email: 'ole@solsikken.dk', mobile: '26 55 44 33', company: 6 },
  { firstname: 'Camilla', lastname: 'Holm', email: 'camilla@hotelmarselis.dk', mobile: '28 90 80 70', company: 7, highlighted: true },
  { firstname: 'Rasmus', lastname: 'Vinther', email: 'rasmus@kaffebaren.dk', mobile: '31 31 31 31', company: 8 },
  { firstname: 'Susanne', lastname: 'Dahl', email: 'susanne.dahl@nordea.dk', mobile: '25 25 25 25', company: 9 },
  { firstname: 'Peter', lastname: 'Friis', email: 'peter@sportigan.dk', mobile: '42 42 42 42', company: 10 },
  { firstname: 'Tina', lastname: 'Bech', email: 'tina@vvs-eksperten.dk', mobile: '27 27 27 27', company: 11 },
];

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Demo sponsors of a club: companies in every status with extra info and an
 * owner, their contact persons, a contact list and a comment, so the CRM
 * screens have something real to show. Runs inside the demo seed's transaction.
 */
export async function seedCrmDemo(trx: Tx, clientId: number, ownerId: number): Promise<void> {
  await setScope(trx, clientId, null);
  const companyIds: number[] = [];
  for (const c of COMPANIES) {
    const extraInfo: Record<string, { title: string; alias: string; value: string | null; values: string[] }> = {
      branche: { title: 'Branche', alias: 'branche', value: c.branche, values: [] },
      ...(c.niveau ? { niveau: { title: 'Sponsorniveau', alias: 'niveau', value: c.niveau, values: [] } } : {}),
    };
    const row = await trx
      .insertInto('companies')
      .values({
        client_id: clientId,
        name: c.name,
        cvr: c.cvr,
        address: c.address,
        zip_code: c.zip,
        city: c.city,
        email: c.email,
        phone: c.phone,
        website: c.website,
        status: c.status,
        follow_up_date: c.followUpInDays === null ? null : daysFromNow(c.followUpInDays),
        owner_id: ownerId,
        extra_info: json(extraInfo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.push(row.id);
  }
  const contactIds: number[] = [];
  for (const p of CONTACTS) {
    const row = await trx
      .insertInto('contacts')
      .values({ client_id: clientId, firstname: p.firstname, lastname: p.lastname, email: p.email, mobile: p.mobile, highlighted: p.highlighted ?? false })
      .returning('id')
      .executeTakeFirstOrThrow();
    contactIds.push(row.id);
    await trx.insertInto('company_contacts').values({ client_id: clientId, company_id: companyIds[p.company], contact_id: row.id }).execute();
  }
  // Saved cards (the test provider's references) on the first two contacts.
  await trx
    .insertInto('contact_payment_cards')
    .values([
      { client_id: clientId, contact_id: contactIds[0], provider: 'test', provider_ref: 'test_card_demo_1', card_type: 'visa', last4: '4242', exp_month: 8, exp_year: 2029, is_default: true },
      { client_id: clientId, contact_id: contactIds[0], provider: 'test', provider_ref: 'test_card_demo_2', card_type: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2028 },
      { client_id: clientId, contact_id: contactIds[1], provider: 'test', provider_ref: 'test_card_demo_3', card_type: 'dankort', last4: '0019', exp_month: 11, exp_year: 2027, is_default: true },
    ])
    .execute();
  const list = await trx.insertInto('contact_lists').values({ client_id: clientId, title: 'Guldsponsorer' }).returning('id').executeTakeFirstOrThrow();
  for (const i of [0, 8, 10]) {
    await trx.insertInto('contact_list_members').values({ client_id: clientId, list_id: list.id, contact_id: contactIds[i] }).execute();
  }
  await trx
    .insertInto('comments')
    .values({
      client_id: clientId,
      origin_type: 'company',
      origin_id: companyIds[2],
      origin_url: `/companies/${companyIds[2]}`,
      author_id: ownerId,
      text: '<p>Mette vil gerne se et tilbud på bandereklame for næste sæson. <strong>Ring tirsdag.</strong></p>',
    })
    .execute();
}
