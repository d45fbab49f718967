import { TermsView } from './TermsView';

export default function SubscriptionTermsPage() {
  return <TermsView kind="subscriptionTerms" title="Abonnementsbetingelser" />;
}
