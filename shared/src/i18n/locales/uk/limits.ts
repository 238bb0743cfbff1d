/** Answers 429/413 of the per-user limits (issue 27): connect links, open resumable uploads. */
export const limits = {
  botTokens: 'Забагато запитів посилань для підключення бота. Спробуйте знову через {{seconds}} с.',
  openUploads: 'У вас уже {{max}} незавершених завантажень. Завершіть або скасуйте одне з них.',
  openUploadBytes: 'Незавершені завантаження перевищили б {{mb}} МБ. Завершіть або скасуйте одне з них.',
};
