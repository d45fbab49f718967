import { TermsView } from './TermsView';

export default function TermsPage() {
  return <TermsView kind="terms" title="Handelsbetingelser" />;
}
