import type { ColumnType, Generated } from 'kysely';
import type { ClubRowColumns } from './columns';
import type { Json } from '../json';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** One extra-info value of a company or contact, keyed by the definition's alias. */
export interface ExtraInfoValue {
  title: string;
  alias: string;
  value: string | null;
  values: string[];
}

/** Per event type id: the products a company may take and how many (null = no limit). */
export type TicketLimits = Record<string, { productId: number; maxAmount: number | null }[]>;

export interface FilesTable extends ClubRowColumns {
  file_name: string;
  /** Storage key (random), never derived from the file name. */
  file_path: string;
  mime_type: string;
  size: number;
  relation_type: string | null;
  relation_id: number | null;
  uploaded_by: number | null;
  created_at: CreatedAt;
}

export interface CompaniesTable extends ClubRowColumns {
  name: string;
  cvr: string | null;
  ean: string | null;
  use_ean: Generated<boolean>;
  address: string | null;
  zip_code: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  /** 0 Lead, 1 Kunde, 2 Under forhandling, 99 Opsagt */
  status: Generated<number>;
  /** 'YYYY-MM-DD' */
  follow_up_date: string | null;
  vat_excluded: Generated<boolean>;
  logo_web: number | null;
  logo_print: number | null;
  extra_info: Json<Record<string, ExtraInfoValue>>;
  owner_id: number | null;
  ticket_limits: Json<TicketLimits>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ContactsTable extends ClubRowColumns {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  linkedin: string | null;
  about: string | null;
  highlighted: Generated<boolean>;
  no_invitations: Generated<boolean>;
  picture: number | null;
  extra_info: Json<Record<string, ExtraInfoValue>>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CompanyContactsTable {
  client_id: number;
  company_id: number;
  contact_id: number;
  created_at: CreatedAt;
}

export interface ContactListsTable extends ClubRowColumns {
  title: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ContactListMembersTable {
  client_id: number;
  list_id: number;
  contact_id: number;
  created_at: CreatedAt;
}

export interface CommentsTable extends ClubRowColumns {
  origin_type: string;
  origin_id: number;
  origin_url: string | null;
  origin_pattern: string | null;
  parent_id: number | null;
  author_id: number | null;
  /** Sanitised HTML. */
  text: string;
  created_at: CreatedAt;
}

export interface CommentReadsTable {
  client_id: number;
  comment_id: number;
  user_id: number;
  read_at: CreatedAt;
}

export interface CrmTables {
  files: FilesTable;
  companies: CompaniesTable;
  contacts: ContactsTable;
  company_contacts: CompanyContactsTable;
  contact_lists: ContactListsTable;
  contact_list_members: ContactListMembersTable;
  comments: CommentsTable;
  comment_reads: CommentReadsTable;
}
