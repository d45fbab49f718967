import { Box, Input, Text } from '@chakra-ui/react';
import { CVR_SEARCH_MIN } from '@klubhus/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { type RouterOutputs, useTRPC } from '../../lib/trpc';
import { DropdownList, DropdownOption } from '../../ui/Dropdown';
import { FormField } from '../../ui/form';

type CvrResult = RouterOutputs['companies']['cvrSearch']['results'][number];

/**
 * CVR with look-up (SPEC §9: from 3 characters). The field always works by
 * hand; when the installation has a CVR integration and it finds companies,
 * they are offered below the field and picking one fills the company fields.
 */
export function CvrField({ required, helperText }: { required?: boolean; helperText?: string }) {
  const trpc = useTRPC();
  const { register, setValue, control } = useFormContext();
  const cvr = (useWatch({ control, name: 'cvr' }) as string | null) ?? '';
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const typed = useRef(false);
  useEffect(() => {
    const t = setTimeout(() => setQuery(cvr.trim()), 300);
    return () => clearTimeout(t);
  }, [cvr]);
  const enabled = typed.current && query.length >= CVR_SEARCH_MIN;
  const q = useQuery({ ...trpc.companies.cvrSearch.queryOptions({ query }), enabled, staleTime: 60_000 });
  const results = enabled ? (q.data?.results ?? []) : [];
  const { onChange, onBlur, ...field } = register('cvr');

  const pick = (r: CvrResult) => {
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    for (const [key, value] of Object.entries({
      name: r.name,
      cvr: r.cvr,
      address: r.address,
      zipCode: r.zipCode,
      city: r.city,
      email: r.email,
      phone: r.phone,
      website: r.website,
    })) {
      if (value) setValue(key, value, opts);
    }
    typed.current = false;
    setOpen(false);
  };

  return (
    <Box position="relative">
      <FormField name="cvr" label="CVR" required={required} helperText={enabled && q.data?.message ? q.data.message : helperText}>
        <Input
          bg="bg"
          inputMode="numeric"
          autoComplete="off"
          {...field}
          onChange={(e) => {
            typed.current = true;
            setOpen(true);
            return onChange(e);
          }}
          onBlur={(e) => {
            setTimeout(() => setOpen(false), 150);
            return onBlur(e);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        />
      </FormField>
      {open && results.length > 0 && (
        <DropdownList top="auto" maxH="72" aria-label="CVR-resultater">
          {results.map((r) => (
            <DropdownOption key={`${r.cvr}-${r.name}`} onClick={() => pick(r)}>
              <Text fontSize="sm" fontWeight="medium">
                {r.name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                CVR {r.cvr} · {[r.address, [r.zipCode, r.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
              </Text>
            </DropdownOption>
          ))}
        </DropdownList>
      )}
    </Box>
  );
}
