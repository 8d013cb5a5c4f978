import { toast } from '#client/lib/toast';

/**
 * What a settings form does when its save is answered: the values the server saved become the
 * form's own (so it is no longer "changed"), and a toast says so; or a toast says what failed.
 * `what` names the settings in the failure: 'platform settings'.
 */
export function settingsSaved<Saved>(what: string, keep: (saved: Saved) => void) {
  return {
    onSuccess: ({ settings }: { settings: Saved }) => {
      keep(settings);
      toast.success('Settings saved');
    },
    onError: () =>
      toast.error('Error', { description: `Failed to save ${what}. Please try again.` }),
  };
}
