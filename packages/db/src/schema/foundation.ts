import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Json } from '../json';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ClientRole {
  name: string;
  alias: string;
}

export interface ClientsTable {
  id: Generated<number>;
  name: string;
  url: string | null;
  address: string | null;
  zip_code: string | null;
  city: string | null;
  cvr: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  contact: string | null;
  own_designation: string | null;
  sender_email: string | null;
  bank_reg: string | null;
  bank_account: string | null;
  prices_with_vat: Generated<boolean>;
  disable_vat: Generated<boolean>;
  /** percent, e.g. 25 */
  vat_rate: Generated<number>;
  time_zone: Generated<string>;
  logo: string | null;
  active: Generated<boolean>;
  roles: Json<ClientRole[]>;
  /** Client settings of SPEC §3 (companies.extraInfo, events, orders, contracts, webshop, …). */
  settings: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  /** Bumped by triggers whenever a membership, module or role rule of the club changes (cached club contexts). */
  context_version: Generated<number>;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  firstname: string;
  lastname: string;
  title: string | null;
  picture: string | null;
  phone: string | null;
  mobile: string | null;
  about: string | null;
  linkedin: string | null;
  signature: string | null;
  admin: Generated<boolean>;
  super_admin: Generated<boolean>;
  email_confirmed: Generated<boolean>;
  time_zone: Generated<string>;
  created_at: CreatedAt;
}

export interface ClientUsersTable {
  client_id: number;
  user_id: number;
  role: string;
  system_user: Generated<boolean>;
  accepted: Generated<boolean>;
  invite_token: string | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token in the cookie; the token itself is never stored. */
  id: string;
  user_id: number;
  current_client_id: number | null;
  remember: boolean;
  created_at: CreatedAt;
  expires_at: Timestamp;
  absolute_expires_at: Timestamp;
}

export interface AuthTokensTable {
  /** SHA-256 (hex) of the token sent by e-mail. */
  id: string;
  user_id: number;
  kind: 'reset' | 'confirm';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  error: string | null;
  /** Stored files sent along (an event's invite attachment). */
  attachments: ColumnType<MailAttachmentJson[], string | undefined, string>;
}

export interface MailAttachmentJson {
  filename: string;
  /** Storage key of the bytes. */
  key: string;
  contentType: string;
}

export interface ModuleFeatureSetting {
  name: string;
  public: boolean;
  values: string[];
}
export interface ModuleFeature {
  name: string;
  alias: string;
  settings: ModuleFeatureSetting[];
}
export interface ModuleView {
  route: string;
  values: string[];
}
export interface ModuleComponent {
  name: string;
  values: string[];
}
export interface AclRule {
  subject: string[];
  action: string[];
  inverted: boolean;
  reason?: string | null;
  conditions?: Record<string, unknown> | null;
  fields: string[];
}
export interface ModuleAclRuleSet {
  name: string;
  userACL: AclRule[];
}

export interface ModulesTable {
  id: Generated<number>;
  name: string;
  alias: string;
  url: string | null;
  icon: string;
  sorting: Generated<number>;
  features: Json<ModuleFeature[]>;
  views: Json<ModuleView[]>;
  components: Json<ModuleComponent[]>;
  acl_rules: Json<ModuleAclRuleSet[]>;
  created_at: CreatedAt;
}

export interface ClientModuleFeature {
  alias: string;
  active: boolean;
  settings: Record<string, string[]>;
}
export interface RoleAcl {
  /** name of the module's ACL rule set */
  ruleId: string;
  /** club role alias */
  role: string;
}

export interface ClientModulesTable {
  client_id: number;
  module_id: number;
  active: Generated<boolean>;
  custom_endpoint: string | null;
  custom_views: Json<ModuleView[]>;
  custom_components: Json<ModuleComponent[]>;
  role_acls: Json<RoleAcl[]>;
  features: Json<ClientModuleFeature[]>;
}

/** One row: bumped with every change of the active clubs, their urls or context versions (migration 0027). */
export interface ActiveClubsTable {
  only_row: Generated<boolean>;
  version: number | string;
}

export interface FoundationTables {
  clients: ClientsTable;
  active_clubs: ActiveClubsTable;
  users: UsersTable;
  client_users: ClientUsersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  modules: ModulesTable;
  client_modules: ClientModulesTable;
}

export type Client = Selectable<ClientsTable>;
export type User = Selectable<UsersTable>;
export type Module = Selectable<ModulesTable>;
export type ClientModule = Selectable<ClientModulesTable>;
