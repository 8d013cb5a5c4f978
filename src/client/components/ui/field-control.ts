import { createContext, useContext } from 'react';

/** What a control inside a Field takes to be tied to its label, hint and error. */
export interface FieldControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export const FieldControlContext = createContext<FieldControlProps>({});

/**
 * The ids and states of the Field around a control (nothing outside a Field). The controls of
 * `./input` read it; a custom control spreads it on its focusable element.
 */
export const useFieldControl = () => useContext(FieldControlContext);
