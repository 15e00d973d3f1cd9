export interface ImportMembersWizardProps {
  open: boolean;
  onClose: () => void;
}

/** Spec §2 Import wizard: choose .csv, map columns, review, result. */
export function ImportMembersWizard(_props: ImportMembersWizardProps) {
  return null;
}
