import { Field } from '#client/components/ui/field';
import { Switch } from '#client/components/ui/switch';
import { practiceTexts } from '../practice-texts';

/** "Strict accents": saved in the account for a learner, on this device for a visitor. */
export function StrictAccentsSwitch({
  strict,
  onChange,
}: {
  strict: boolean;
  onChange: (strict: boolean) => void;
}) {
  return (
    <Field
      label={practiceTexts.strictAccents}
      hint={practiceTexts.strictAccentsHint}
      layout="inline"
    >
      <Switch checked={strict} onCheckedChange={onChange} />
    </Field>
  );
}
