export * from './components/button';
export * from './components/feedback';
export * from './components/field';
export { FormAlert } from './components/form-alert';
export { skipLink } from './components/form-alert.css';
export * from './components/overlay';
export { visuallyHidden } from './components/visually-hidden.css';
export { type FormErrors, fieldProps, useSchemaForm } from './forms/use-schema-form';
export { fontSize, radius, space, vars } from './theme/theme.css';
