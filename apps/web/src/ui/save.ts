import { type MutationOptions, useMutation } from '@tanstack/react-query';
import { errorMessage } from './errors';
import { notify } from './toaster';

export interface SaveOptions<TData, TError, TVariables> {
  /** The tRPC mutation options: trpc.modules.update.mutationOptions() */
  mutation: MutationOptions<TData, TError, TVariables>;
  /** Success toast: a fixed text or derived from the result (e.g. result.message). Omit for no toast. */
  success?: string | ((data: TData, variables: TVariables) => string | undefined);
  /** Runs after the toast, e.g. invalidate queries and navigate. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError) => void;
}

/**
 * A mutation that shows SPEC §8's toasts: success text on success; on failure
 * the server's error text in an error toast, or 'Der opstod en ukendt fejl!'.
 *
 *   const save = useSaveMutation({ mutation: trpc.modules.update.mutationOptions(), success: (r) => r.message });
 *   save.mutate(values)
 */
export function useSaveMutation<TData, TError, TVariables>(opts: SaveOptions<TData, TError, TVariables>) {
  return useMutation<TData, TError, TVariables>({
    ...opts.mutation,
    onSuccess: async (data, variables) => {
      const text = typeof opts.success === 'function' ? opts.success(data, variables) : opts.success;
      if (text) notify.success(text);
      await opts.onSuccess?.(data, variables);
    },
    onError: (error) => {
      notify.error(errorMessage(error));
      opts.onError?.(error);
    },
  } as MutationOptions<TData, TError, TVariables>);
}
