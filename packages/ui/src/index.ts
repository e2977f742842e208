export * from './components/bar-chart';
export * from './components/button';
/** The button look for a link (`buttonClass({ variant: 'secondary' })`), so navigation stays a link. */
export { button as buttonClass } from './components/button.css';
export * from './components/checkbox';
export * from './components/code-block';
export * from './components/feedback';
export * from './components/field';
/** A fieldset's look for a form's repeated rows, and its legend. */
export { fieldGroup as fieldsetClass, fieldGroupLegend as legendClass } from './components/field.css';
export { FormAlert } from './components/form-alert';
export { skipLink } from './components/form-alert.css';
export * from './components/overlay';
export { drawerBarHeight } from './components/overlay.css';
export * from './components/pagination';
export * from './components/row-actions';
export * from './components/status-badge';
export * from './components/switch';
export * from './components/table';
export { scrollShadow } from './components/table.css';
export * from './components/table-sort';
export * from './components/tabs';
export { visuallyHidden } from './components/visually-hidden.css';
export { checkTextForm } from './forms/check-text-form';
export { useSchemaForm } from './forms/use-schema-form';
export {
  type FormErrors,
  type FormLanguage,
  fieldProps,
  useValidatedForm,
  type ValidatedFormOptions,
} from './forms/use-validated-form';
export { matchesSearch } from './search';
export { sortRows } from './sort-rows';
export { fontSize, radius, space, vars } from './theme/theme.css';
