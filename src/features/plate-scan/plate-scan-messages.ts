/** Every text the plate scanner shows, in one place. */
export const PLATE_SCAN_TEXT = {
  title: 'Scan your license plate',
  hint: 'Point the camera at the license plate. We read it automatically.',
  starting: 'Starting the camera…',
  reading: 'Reading…',
  useThisFrame: 'Use this frame',
  typeInstead: 'Type it instead',
  retake: 'Retake',
  confirmTitle: 'Is this your plate?',
  confirmHint: 'Check every character. Tap a suggestion or edit the plate.',
  plateLabel: 'License plate',
  alternatives: 'Or did you mean',
  confirm: 'Confirm plate',
  noPlateYet: 'No license plate found yet. Point the camera at the plate, or type it instead.',
  noPlateInFrame: 'We could not find a plate in this frame. Retake or type it instead.',
  readFailed: 'We could not read the plate just now. You can keep trying or type it instead.',
  emptyPlate: 'Enter the plate: letters and digits only.',
} as const;
