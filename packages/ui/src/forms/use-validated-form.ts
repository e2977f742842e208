import { parse, type Submission, type SubmissionResult, useForm } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';

/**
 * The reader's language: our messages (the schemas', the server's and the sentences that stand
 * for zod's own, all written in English) go through `translate` with the values they name.
 */
export interface FormLanguage {
  locale: string;
  translate(message: string, values?: Record<string, string>): string;
}

/** What a failed submission says: errors per field and for the form as a whole. */
export interface FormErrors {
  fieldErrors?: Record<string, string[]>;
  formErrors: string[];
}

/** What a form is checked with in the browser: the submission, parsed, or its messages per field. */
export type FormCheck<Output> = (formData: FormData) => Submission<Output, string[]>;

/** A check that loads when the visitor first reaches the form (its rules need not come with the page). */
export interface LazyFormCheck<Output> {
  load(): Promise<FormCheck<Output>>;
}

export interface ValidatedFormOptions<Input> {
  toErrors: (error: unknown) => FormErrors | null;
  id?: string;
  defaultValue?: Partial<Input>;
  resetOnSuccess?: boolean;
  /** `submit` for a field filled from elsewhere (a code from an app): leaving it empty is no mistake yet. */
  validateOn?: 'blur' | 'submit';
  language: FormLanguage;
}

/** The form's name for a field the server names by its path: `groups.0.name` is `groups[0].name`. */
export function formFieldName(serverField: string): string {
  return serverField.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

function translateErrors(errors: FormErrors, translate: FormLanguage['translate']): FormErrors {
  return {
    formErrors: errors.formErrors.map((message) => translate(message)),
    ...(errors.fieldErrors && {
      fieldErrors: Object.fromEntries(
        Object.entries(errors.fieldErrors).map(([field, messages]) => [
          formFieldName(field),
          messages.map((message) => translate(message)),
        ]),
      ),
    }),
  };
}

/**
 * A form checked in the browser by `check` and submitted by `submit`; a failure that `toErrors`
 * recognises comes back into the same fields, anything else is thrown on. Server messages are
 * shown in `language`.
 */
export function useValidatedForm<Input extends Record<string, unknown>, Output>(
  check: FormCheck<Output> | LazyFormCheck<Output>,
  submit: (value: Output) => Promise<unknown>,
  options: ValidatedFormOptions<Input>,
) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | undefined>();
  const [pending, setPending] = useState(false);
  const rules = useLoadedCheck(check);
  const [form, fields] = useForm<Input>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: options.validateOn === 'submit' ? 'onSubmit' : 'onBlur',
    shouldRevalidate: 'onInput',
    // Conform types the submission by the form's input; the check parses it into its output.
    onValidate: ({ formData }) => rules.check(formData) as never,
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') {
        // Sent before the rules had loaded (Conform's `null`: not decided here): sent again once they have.
        if (submission?.error === null)
          rules.afterLoad(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        return;
      }
      setPending(true);
      try {
        await submit(submission.value as unknown as Output);
        setLastResult(submission.reply({ resetForm: options.resetOnSuccess ?? false }));
      } catch (error) {
        const errors = options.toErrors(error);
        if (!errors) throw error;
        setLastResult(submission.reply(translateErrors(errors, options.language.translate)));
      } finally {
        setPending(false);
      }
    },
  });
  const { id, validate } = form;
  // Focus in the form asks for its rules, so that they are there by the time a field is left.
  useEffect(() => rules.loadOnFocus(id, validate), [rules, id, validate]);
  return { form, fields, pending };
}

/**
 * The form's check, now or once loaded. Until a lazy check has loaded, a field's check finds no
 * error and the fields left meanwhile are checked when it arrives; a submission gets Conform's
 * `null` (not decided here), and `onSubmit` sends it again once the check is there.
 */
function useLoadedCheck<Output>(check: FormCheck<Output> | LazyFormCheck<Output>) {
  const latest = useRef(check);
  latest.current = check;
  const [rules] = useState(() => {
    let loaded: FormCheck<Output> | undefined;
    let loading: Promise<unknown> | undefined;
    const waiting = new Set<string | undefined>();
    let validate: (options: { name?: string }) => void = () => undefined;
    const load = () => {
      const current = latest.current;
      if (typeof current === 'function') return Promise.resolve();
      // A failed load (no connection) is tried again at the next focus or submission.
      loading ??= current.load().then(
        (ready) => {
          loaded = ready;
          for (const name of waiting) validate({ name });
          waiting.clear();
        },
        () => {
          loading = undefined;
        },
      );
      return loading;
    };
    return {
      check(formData: FormData): Submission<Output, string[]> {
        const current = latest.current;
        if (typeof current === 'function') return current(formData);
        if (loaded) return loaded(formData);
        void load();
        return parse(formData, {
          resolve(_payload, intent) {
            if (intent?.type === 'validate') waiting.add(intent.payload.name);
            // A field's check finds nothing yet; the submission itself is left undecided (`null`).
            return { error: intent ? {} : null };
          },
        }) as Submission<Output, string[]>;
      },
      afterLoad(form: HTMLFormElement, submitter: HTMLElement | null) {
        load().then(() => loaded && form.requestSubmit(submitter));
      },
      loadOnFocus(formId: string, validateField: typeof validate) {
        validate = validateField;
        const element = document.getElementById(formId);
        element?.addEventListener('focusin', load);
        return () => element?.removeEventListener('focusin', load);
      },
    };
  });
  return rules;
}

/** A form field's wiring for TextInput, Select and TextArea: its name, id, errors and first value. */
export function fieldProps(field: { name: string; id: string; errors?: string[]; initialValue?: unknown }) {
  return {
    name: field.name,
    id: field.id,
    errors: field.errors,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
  };
}
