import { AGREEMENT_STATUS_LABELS, type AgreementStatus, CONTRACT_STATUS_COLORS, CONTRACT_STATUS_LABELS, type ContractStatus } from '@klubhus/domain';
import { StatusBadge } from '../../ui';

const AGREEMENT_COLORS: Record<AgreementStatus, string> = { unsent: 'gray', sent: 'blue', signed: 'green', renegotiation: 'orange' };

/** An agreement's status (Kladde, Gentegning, Godkendt, Annulleret) as a badge. */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return <StatusBadge status={status} labels={CONTRACT_STATUS_LABELS} colors={CONTRACT_STATUS_COLORS} />;
}

/** Where the signing stands (Ikke sendt, Sendt, Underskrevet, Genforhandling). */
export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  return <StatusBadge status={status} labels={AGREEMENT_STATUS_LABELS} colors={AGREEMENT_COLORS} outline />;
}
