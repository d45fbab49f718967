import { Badge } from '@chakra-ui/react';
import { AGREEMENT_STATUS_LABELS, type AgreementStatus, CONTRACT_STATUS_COLORS, CONTRACT_STATUS_LABELS, type ContractStatus } from '@klubhus/domain';

const AGREEMENT_COLORS: Record<AgreementStatus, string> = { unsent: 'gray', sent: 'blue', signed: 'green', renegotiation: 'orange' };

/** An agreement's status (Kladde, Gentegning, Godkendt, Annulleret) as a badge. */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  return (
    <Badge size="sm" colorPalette={CONTRACT_STATUS_COLORS[status]}>
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Where the signing stands (Ikke sendt, Sendt, Underskrevet, Genforhandling). */
export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  return (
    <Badge size="sm" variant="outline" colorPalette={AGREEMENT_COLORS[status]}>
      {AGREEMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
