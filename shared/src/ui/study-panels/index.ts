/**
 * Homework, messages, study reports and evaluations of a study: headless hooks and rules both
 * apps share (desktop draws them with Blueprint, the family web with its own light components).
 */
export * from './study-panels.api';
export * from './study-panels.rules';
export * from './evaluation.rules';
export * from './panel-ability';
export * from './study-live';
export { announceChatRead, onChatRead } from './chat-read';
export * from './study-report-form';
export * from './use-live-load';
export * from './use-panel-access';
export * from './use-study-messages';
export * from './use-study-homework';
export * from './use-study-reports';
export * from './use-study-report-form';
export { saveFile } from './save-file';
export { isUnreachable, loadFailureText, panelErrorMessage } from './panel-errors';
