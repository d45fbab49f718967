import type { TOrderPayStart } from '@klubhus/domain';

/** Sends the browser to a provider's payment window with a signed form (OnPay), as the provider wants it: a real form post. */
export function postForm(action: string, fields: Record<string, string>) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.acceptCharset = 'UTF-8';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * Goes on to the payment a server started: the test provider's page or a provider's redirect, OnPay's
 * form, or — Stripe — hands the client secret back for Elements on the page itself.
 */
export function continuePayment(start: TOrderPayStart): Extract<TOrderPayStart, { kind: 'client-secret' }> | null {
  if (start.kind === 'redirect') window.location.assign(start.url);
  else if (start.kind === 'form') postForm(start.action, start.fields);
  else return start;
  return null;
}
