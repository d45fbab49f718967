import { Box, Button, Card, Checkbox, Dialog, Field, Flex, Heading, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { ACL_ACTIONS } from '@klubhus/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from '../../../ui/Modal';
import { StringListInput } from '../../../ui/StringListInput';

export interface AclRuleDraft {
  subject: string[];
  action: string[];
  inverted: boolean;
  reason: string | null;
  conditions: Record<string, unknown> | null;
  fields: string[];
}
export interface AclRuleSetDraft {
  name: string;
  userACL: AclRuleDraft[];
}

interface RuleState {
  subject: string[];
  action: string[];
  inverted: boolean;
  reason: string;
  conditions: string;
  fields: string[];
}

const emptyRule = (): RuleState => ({ subject: [], action: ['read'], inverted: false, reason: '', conditions: '', fields: ['*'] });

function toState(set: AclRuleSetDraft | null): { name: string; rules: RuleState[] } {
  if (!set) return { name: '', rules: [emptyRule()] };
  return {
    name: set.name,
    rules: set.userACL.map((r) => ({
      subject: r.subject,
      action: r.action,
      inverted: !!r.inverted,
      reason: r.reason ?? '',
      conditions: r.conditions ? JSON.stringify(r.conditions, null, 2) : '',
      fields: r.fields ?? [],
    })),
  };
}

type Errors = Record<string, string>;

function validate(name: string, rules: RuleState[], otherNames: string[]): { errors: Errors; value?: AclRuleSetDraft } {
  const errors: Errors = {};
  if (!name.trim()) errors.name = 'Navn er påkrævet';
  else if (otherNames.includes(name.trim())) errors.name = 'Der findes allerede et regelsæt med dette navn';
  const userACL: AclRuleDraft[] = [];
  rules.forEach((r, i) => {
    if (r.subject.length === 0) errors[`${i}.subject`] = 'Subject er påkrævet';
    if (r.action.length === 0) errors[`${i}.action`] = 'Action er påkrævet';
    let conditions: Record<string, unknown> | null = null;
    if (r.conditions.trim()) {
      try {
        const parsed = JSON.parse(r.conditions);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        conditions = parsed;
      } catch {
        errors[`${i}.conditions`] = 'Conditions skal være et gyldigt JSON-objekt';
      }
    }
    userACL.push({ subject: r.subject, action: r.action, inverted: r.inverted, reason: r.reason.trim() || null, conditions, fields: r.fields });
  });
  return Object.keys(errors).length ? { errors } : { errors, value: { name: name.trim(), userACL } };
}

/** Edits one ACL rule set: its name and its rules {subject[], action[], inverted, reason, conditions (JSON), fields[]}. */
export function AclRuleSetModal({
  open,
  value,
  otherNames,
  onSave,
  onClose,
}: {
  open: boolean;
  value: AclRuleSetDraft | null;
  otherNames: string[];
  onSave: (set: AclRuleSetDraft) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [rules, setRules] = useState<RuleState[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (open) {
      const s = toState(value);
      setName(s.name);
      setRules(s.rules);
      setErrors({});
    }
  }, [open, value]);
  const patch = (i: number, p: Partial<RuleState>) => setRules((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)));

  return (
    <Modal open={open} onClose={onClose} title={value ? `Rediger ${value.name}` : 'Nyt regelsæt'} testId="acl-modal" size="lg" scrollBehavior="inside">
      <Dialog.Body>
        <Stack gap="5">
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>
              Navn <Field.RequiredIndicator />
            </Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} />
            {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
          </Field.Root>
          <Flex justify="space-between" align="center">
            <Heading as="h3" size="sm">
              Regler
            </Heading>
            <Button size="xs" variant="outline" onClick={() => setRules((rs) => [...rs, emptyRule()])}>
              <Plus /> Tilføj regel
            </Button>
          </Flex>
          {rules.length === 0 && <Text color="fg.muted">Ingen regler endnu.</Text>}
          {rules.map((r, i) => (
            <Card.Root key={i} variant="outline" size="sm">
              <Card.Body>
                <Stack gap="3">
                  <Flex justify="space-between" align="center">
                    <Text fontWeight="semibold" fontSize="sm">
                      Regel {i + 1}
                    </Text>
                    <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Fjern regel ${i + 1}`} onClick={() => setRules((rs) => rs.filter((_, j) => j !== i))}>
                      <Trash2 />
                    </IconButton>
                  </Flex>
                  <Field.Root invalid={!!errors[`${i}.subject`]} required>
                    <Field.Label>Subject</Field.Label>
                    <StringListInput value={r.subject} onChange={(v) => patch(i, { subject: v })} placeholder="all, companies" />
                    {errors[`${i}.subject`] && <Field.ErrorText>{errors[`${i}.subject`]}</Field.ErrorText>}
                  </Field.Root>
                  <Box role="group" aria-labelledby={`acl-action-${i}`}>
                    <Text id={`acl-action-${i}`} fontSize="sm" fontWeight="medium" mb="1.5">
                      Action
                    </Text>
                    <HStack gap="4" wrap="wrap">
                      {ACL_ACTIONS.map((a) => (
                        <Checkbox.Root
                          key={a}
                          size="sm"
                          checked={r.action.includes(a)}
                          invalid={!!errors[`${i}.action`]}
                          onCheckedChange={(d) => patch(i, { action: d.checked ? [...r.action, a] : r.action.filter((x) => x !== a) })}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{a}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </HStack>
                    {errors[`${i}.action`] && (
                      <Text color="fg.error" fontSize="xs" mt="1">
                        {errors[`${i}.action`]}
                      </Text>
                    )}
                  </Box>
                  <Field.Root>
                    <Field.Label>Fields</Field.Label>
                    <StringListInput value={r.fields} onChange={(v) => patch(i, { fields: v })} placeholder="*" />
                  </Field.Root>
                  <Checkbox.Root size="sm" checked={r.inverted} onCheckedChange={(d) => patch(i, { inverted: d.checked === true })}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>Inverted (forbyd)</Checkbox.Label>
                  </Checkbox.Root>
                  <Field.Root>
                    <Field.Label>Reason</Field.Label>
                    <Input value={r.reason} onChange={(e) => patch(i, { reason: e.target.value })} />
                  </Field.Root>
                  <Field.Root invalid={!!errors[`${i}.conditions`]}>
                    <Field.Label>Conditions (JSON)</Field.Label>
                    <Textarea
                      rows={3}
                      fontFamily="mono"
                      fontSize="sm"
                      value={r.conditions}
                      placeholder='{"ownerId": "${user.id}"}'
                      onChange={(e) => patch(i, { conditions: e.target.value })}
                    />
                    {errors[`${i}.conditions`] && <Field.ErrorText>{errors[`${i}.conditions`]}</Field.ErrorText>}
                  </Field.Root>
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Fortryd
        </Button>
        <Button
          colorPalette="brand"
          onClick={() => {
            const res = validate(name, rules, otherNames);
            setErrors(res.errors);
            if (res.value) onSave(res.value);
          }}
        >
          Gem
        </Button>
      </Dialog.Footer>
    </Modal>
  );
}
