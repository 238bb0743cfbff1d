/** The staff app without a connection to the server (issue 34): the banner and the empty states. */
export const offline = {
  banner: "Немає з'єднання з {{since}}. Дані станом на {{asOf}}.",
  bannerNoData: "Немає з'єднання з {{since}}. Збережених даних немає.",
  backOnline: "З'єднання відновлено",
  retry: 'Перевірити зараз',
  notLoaded: 'Не завантажено, поки був зв’язок',
  notLoadedHint: "Ці дані не відкривали, поки було з'єднання. Вони з'являться, щойно сервер стане доступним.",
};
