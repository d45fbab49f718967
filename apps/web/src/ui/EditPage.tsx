import { Button, Tabs } from '@chakra-ui/react';
import { MSG } from '@klubhus/domain/messages';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { type ComponentType, createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { type FieldValues, FormProvider, type SubmitHandler, type UseFormReturn, useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useBlocker } from 'react-router';
import { useTRPC } from '../lib/trpc';
import { useConfirm } from './confirm';
import { errorMessage } from './errors';
import { Form } from './form';
import { LinkButton } from './LinkButton';
import { PageHeader } from './PageHeader';
import { PageSpinner } from './PageSpinner';
import { notify } from './toaster';
import { type RecordRoute, type RecordSaveOptions, type SaveResult, useRecordRoute, useRecordSave } from './useRecordRoute';

export interface EditTab {
  value: string;
  label: ReactNode;
  /** Top-level form names on this tab: after an invalid submit the tab with the first error is shown. */
  fields?: string[];
  content: ReactNode;
  hidden?: boolean;
  /** Mount the content the first time the tab is opened (panels with their own queries, e.g. files). */
  lazy?: boolean;
}

interface EditPageBase<TIn extends FieldValues, TOut> {
  route: RecordRoute<unknown>;
  form: UseFormReturn<TIn, unknown, TOut>;
  /** The heading of a new record ('Opret gruppe'); an existing record's is its `titleField`. */
  newHeading?: string;
  /** The saved record's name, or 'Opret X' for a new one: document.title, and the heading of a new record. Default from `newHeading` and `titleField`. */
  heading?: string;
  /** The record's and the form's field the heading follows, live while typing (default 'title'). */
  titleField?: string;
  /** A heading of its own instead (then `heading` is only document.title). */
  title?: ReactNode;
  /** Slet (existing records only): asks `confirm` (SPEC §8: 'Er du sikker på at du vil slette ...?') first. */
  remove?: { confirm: string; mutation: { mutate: (input: { id: number }) => void; isPending: boolean } };
  /** More buttons, before Gem. */
  actions?: ReactNode;
  labels?: { back?: string; save?: string };
  /** No Gem (a record that can no longer be changed: a cancelled order, a customer's cart). */
  saveHidden?: boolean;
  /** Tabs inside the form (all stay mounted unless `lazy`, so their fields stay registered). */
  tabs?: EditTab[];
  /** The page places <EditForm> itself (parts of the screen outside the <form>, e.g. comments or a member table). */
  freeLayout?: boolean;
  children?: ReactNode;
}

/** The page saves itself: Gem sends `onSubmit`'s values; `saving` makes Gem spin. */
export interface EditPageOwnSave<TIn extends FieldValues, TOut> extends EditPageBase<TIn, TOut> {
  onSubmit: SubmitHandler<TOut>;
  saving?: boolean;
}

/**
 * EditPage saves through useRecordSave: `mutation` (trpc.<router>.update.mutationOptions()),
 * `invalidate`, `onSaved`; Gem sends `toInput(values)`, by default the values with the route's id.
 */
export interface EditPageSave<TIn extends FieldValues, TOut, TData extends SaveResult, TError, TVariables>
  extends EditPageBase<TIn, TOut>,
    RecordSaveOptions<TData, TError, TVariables> {
  toInput?: (values: TOut) => TVariables | Promise<TVariables>;
}

export type EditPageProps<TIn extends FieldValues, TOut, TData extends SaveResult = SaveResult, TError = unknown, TVariables = unknown> =
  | EditPageOwnSave<TIn, TOut>
  | EditPageSave<TIn, TOut, TData, TError, TVariables>;

interface EditFormContext {
  id: string;
  form: UseFormReturn<FieldValues, unknown, unknown>;
  onSubmit: SubmitHandler<unknown>;
}
const EditFormContext = createContext<EditFormContext | null>(null);

/**
 * The shell of an edit screen: heading, Tilbage / Slet / Gem, the form (or tabs),
 * and a guard that asks before leaving with unsaved changes. Saves through
 * useRecordSave (given `mutation`), deletes through useRecordDelete (`remove`), so
 * server errors land in toasts. See ui/README.md, 'An edit screen'.
 *
 *   <EditPage route={route} form={form} newHeading="Opret gruppe"
 *     mutation={trpc.invoiceGroups.update.mutationOptions()} invalidate={[trpc.invoiceGroups.pathFilter()]}>
 *     <Section title="Gruppe"><TextField name="title" label="Titel" required /></Section>
 *   </EditPage>
 */
export function EditPage<TIn extends FieldValues, TOut, TData extends SaveResult, TError, TVariables>(
  props: EditPageProps<TIn, TOut, TData, TError, TVariables>,
) {
  return 'mutation' in props ? <SavingEditPage {...props} /> : <EditShell {...props} />;
}

function SavingEditPage<TIn extends FieldValues, TOut, TData extends SaveResult, TError, TVariables>({
  mutation,
  invalidate,
  onSaved,
  toInput,
  ...props
}: EditPageSave<TIn, TOut, TData, TError, TVariables>) {
  const save = useRecordSave(props.route, props.form, { mutation, invalidate, onSaved });
  const input = toInput ?? ((values: TOut) => ({ ...values, id: props.route.id }) as TVariables);
  return <EditShell {...props} saving={save.isPending} onSubmit={async (values) => save.mutate(await input(values))} />;
}

function EditShell<TIn extends FieldValues, TOut>(props: EditPageOwnSave<TIn, TOut>) {
  const { route, form, remove, labels, titleField = 'title' } = props;
  const id = useId();
  const confirm = useConfirm();
  useUnsavedChangesGuard(form, route);
  const saved = (route.record as Record<string, unknown> | undefined)?.[titleField];
  const heading = props.heading ?? (route.isNew ? (props.newHeading ?? '') : String(saved ?? ''));
  const live = useWatch({ control: form.control, name: titleField as never }) as unknown;
  const title = props.title ?? (route.isNew ? heading : (typeof live === 'string' && live) || heading);
  const body = props.tabs ? <FormTabs tabs={props.tabs} /> : props.children;
  // What Gem prepares before the call (e.g. reading an image that is too large) fails in a toast too, not silently.
  const onSubmit: SubmitHandler<TOut> = async (values) => {
    try {
      await props.onSubmit(values);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };
  const ctx = { id, form, onSubmit } as unknown as EditFormContext;
  return (
    <FormProvider {...form}>
      <EditFormContext.Provider value={ctx}>
        <PageHeader
          title={title}
          documentTitle={heading}
          actions={
            <>
              <LinkButton to={route.list} variant="outline">
                <ArrowLeft /> {labels?.back ?? 'Tilbage'}
              </LinkButton>
              {remove && route.id !== null && (
                <Button
                  variant="outline"
                  colorPalette="red"
                  loading={remove.mutation.isPending}
                  onClick={async () => {
                    if (route.id !== null && (await confirm(remove.confirm))) remove.mutation.mutate({ id: route.id });
                  }}
                >
                  <Trash2 /> Slet
                </Button>
              )}
              {props.actions}
              {!props.saveHidden && (
                <Button type="submit" form={id} colorPalette="brand" loading={props.saving}>
                  {labels?.save ?? 'Gem'}
                </Button>
              )}
            </>
          }
        />
        {props.freeLayout ? (
          <>
            {body}
            {props.tabs && props.children}
          </>
        ) : (
          <EditForm>
            {body}
            {props.tabs && props.children}
          </EditForm>
        )}
      </EditFormContext.Provider>
    </FormProvider>
  );
}

/** The <form> of an EditPage with `freeLayout`: Gem and Enter submit it; an invalid submit scrolls to the first error. */
export function EditForm({ children }: { children: ReactNode }) {
  const ctx = useContext(EditFormContext);
  if (!ctx) throw new Error('EditForm belongs inside <EditPage>');
  return (
    <Form id={ctx.id} form={ctx.form} onSubmit={ctx.onSubmit}>
      {children}
    </Form>
  );
}

/**
 * Asks 'Du har ændringer, der ikke er gemt. Vil du forlade siden uden at gemme?'
 * (Fortryd / Forlad siden) before an in-app navigation to another path leaves a
 * changed form. Navigations after a save or a deletion (route.leave) pass.
 */
function useUnsavedChangesGuard<TIn extends FieldValues, TOut>(form: UseFormReturn<TIn, unknown, TOut>, route: RecordRoute<unknown>) {
  const confirm = useConfirm();
  const { isDirty } = useFormState({ control: form.control });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !route.leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(MSG.unsavedChanges, { title: MSG.unsavedChangesTitle, confirmLabel: MSG.leavePage }).then((leave) => {
      const b = current.current;
      if (b.state !== 'blocked') return;
      if (leave) b.proceed();
      else b.reset();
    });
  }, [blocker.state, confirm]);
}

/**
 * Tabs around an edit form whose fields are spread over tabs: all tabs stay
 * mounted (their fields stay registered) unless `lazy`, and after an invalid
 * submit the tab holding the first error is shown (the first tab when no tab
 * names the field). `fields` lists the top-level names each tab holds.
 */
export function FormTabs({ tabs, defaultTab }: { tabs: EditTab[]; defaultTab?: string }) {
  const visible = tabs.filter((t) => !t.hidden);
  const [tab, setTab] = useState(defaultTab ?? visible[0]?.value);
  const [opened, setOpened] = useState(() => new Set([tab]));
  const { formState } = useFormContext();
  const { submitCount, errors } = formState;
  const lastSubmit = useRef(submitCount);
  const show = (value: string | undefined) => {
    if (value === undefined) return;
    setTab(value);
    setOpened((s) => (s.has(value) ? s : new Set(s).add(value)));
  };
  useEffect(() => {
    if (submitCount === lastSubmit.current) return;
    lastSubmit.current = submitCount;
    const keys = Object.keys(errors);
    if (!keys.length) return;
    const holds = (t: EditTab | undefined) => !!t?.fields?.some((f) => keys.includes(f));
    if (holds(visible.find((t) => t.value === tab))) return;
    show((visible.find(holds) ?? visible[0])?.value);
  });
  const active = visible.some((t) => t.value === tab) ? tab : visible[0]?.value;
  return (
    <Tabs.Root value={active} onValueChange={(d) => show(d.value)} variant="line" colorPalette="brand">
      <Tabs.List mb="6" overflowX="auto" overflowY="hidden">
        {visible.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} flexShrink={0}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {visible.map((t) => (
        <Tabs.Content key={t.value} value={t.value} p="0">
          {!t.lazy || opened.has(t.value) || t.value === active ? t.content : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/**
 * An edit screen's default export: `useRecordRoute` loads `/list/:id` through `query`, and `Form`
 * mounts once the record is there (a spinner until then), anew for each record:
 *   export default recordPage('/products/invoicegroups', (trpc, id) => trpc.invoiceGroups.get.queryOptions({ id }), GroupForm);
 */
export function recordPage<TQueryFnData, TError, TData, TKey extends QueryKey>(
  list: string,
  query: (trpc: ReturnType<typeof useTRPC>, id: number) => UseQueryOptions<TQueryFnData, TError, TData, TKey>,
  Form: ComponentType<{ route: RecordRoute<TData> }>,
  opts: { base?: string } = {},
) {
  return function RecordPage() {
    const trpc = useTRPC();
    const route = useRecordRoute(list, (id) => query(trpc, id), opts);
    return route.ready ? <Form key={route.key} route={route} /> : <PageSpinner />;
  };
}
