/**
 * Names as long as real ones get, for the screen-size tests and the screenshots (scripts/screenshots.ts):
 * 60 characters or more with spaces, and one of 63 without any place to break.
 */
export const longProjectName = (index: number) =>
  `Quarterly multichannel brand campaign for the EMEA region ${String(index).padStart(2, '0')}`;
export const unbrokenName = 'Supercalifragilisticexpialidocious-marketing-automation-pipeline';
export const longPersonName = (index: number) =>
  `Maria Maximiliana Alexandrina Konstantinopoulou-Vandenberghe ${String(index).padStart(2, '0')}`;
