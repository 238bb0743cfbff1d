import { z } from 'zod';
import { PAGE_SIZES, ROLE, type RoleName } from '@school/shared/domain';
import { EXPORT_FORMATS, TABLE_EXPORTS } from '@school/shared/table-exports';
import type { SupportedLanguage } from '@school/shared/i18n';
import { APP_PATHS } from './app-sections';
import { IpcChannel, type IpcChannelName } from './ipc-channels';
import { RecordingProblem } from './recording-formats';

/* ---------- settings ---------- */

/** shared's supportedLanguages, spelled out so main does not bundle shared's i18n resources. */
export const languageSchema = z.enum(['uk', 'ru', 'en']);
export type DesktopLanguage = z.infer<typeof languageSchema>;
// Fails to compile if shared adds or drops a language.
const sameLanguages: [DesktopLanguage, SupportedLanguage] extends [SupportedLanguage, DesktopLanguage]
  ? true
  : never = true;
void sameLanguages;

/** table: a table page opened in its own window ("open in new window"). */
export const windowKindSchema = z.enum(['main', 'calendar', 'table']);
export type WindowKind = z.infer<typeof windowKindSchema>;

/** Bounds keep a corrupted store from opening a 0×0 or 100000-px window. */
export const windowSizeSchema = z.object({
  width: z.number().int().min(400).max(10_000),
  height: z.number().int().min(300).max(10_000),
});
export type WindowSize = z.infer<typeof windowSizeSchema>;

/** Where a window of a kind was last; clamped to a visible display before use (window-bounds.ts). */
export const windowBoundsSchema = windowSizeSchema.extend({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  maximized: z.boolean().optional(),
});
export type WindowBounds = z.infer<typeof windowBoundsSchema>;

export const pageSizeSchema = z.literal(PAGE_SIZES);
/** Table keys are resource names and the like ("users", "admin.contracts"). */
export const tableKeySchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);

const settingValueSchemas = {
  serverUrl: z.url({ protocol: /^https?$/ }),
  language: languageSchema,
  lastCalendarUserId: z.number().int().positive().nullable(),
  tablePageSizes: z.record(tableKeySchema, pageSizeSchema),
  windowSizes: z.partialRecord(windowKindSchema, windowSizeSchema),
  /** Where the last document was saved; written by main only (never a path from the renderer). */
  documentsFolder: z.string().min(1),
  /** Position and size per kind of window; written by main only. */
  windowBounds: z.partialRecord(windowKindSchema, windowBoundsSchema),
  /** Auto-update feed (electron-updater generic provider); main only: set in settings.json by IT. */
  updateFeedUrl: z.url({ protocol: /^https?$/ }),
};

export const desktopSettingsSchema = z.object({
  serverUrl: settingValueSchemas.serverUrl.optional(),
  language: settingValueSchemas.language.optional(),
  lastCalendarUserId: settingValueSchemas.lastCalendarUserId.optional(),
  tablePageSizes: settingValueSchemas.tablePageSizes.optional(),
  windowSizes: settingValueSchemas.windowSizes.optional(),
  documentsFolder: settingValueSchemas.documentsFolder.optional(),
  windowBounds: settingValueSchemas.windowBounds.optional(),
  updateFeedUrl: settingValueSchemas.updateFeedUrl.optional(),
});
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;
export type SettingKey = keyof DesktopSettings;

/**
 * Validates key by key: one corrupted or outdated key (hand-edited file, older version,
 * stale localStorage) is dropped alone instead of resetting every setting.
 */
export function sanitizeSettings(raw: unknown): DesktopSettings {
  if (typeof raw !== 'object' || raw === null) return {};
  const source = raw as Record<string, unknown>;
  const clean: Record<string, unknown> = {};
  for (const key of Object.keys(desktopSettingsSchema.shape) as SettingKey[]) {
    if (source[key] === undefined) continue;
    const parsed = desktopSettingsSchema.shape[key].safeParse(source[key]);
    if (parsed.success) clean[key] = parsed.data;
  }
  return clean as DesktopSettings;
}

/** Keys the renderer may write; window sizes and the documents folder are main's own business. */
export const RENDERER_WRITABLE_SETTINGS = [
  'serverUrl',
  'language',
  'lastCalendarUserId',
  'tablePageSizes',
] as const;
export type WritableSettingKey = (typeof RENDERER_WRITABLE_SETTINGS)[number];

/** settings:set — one key, its value validated by that key's own schema. */
export const setSettingInputSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('serverUrl'), value: settingValueSchemas.serverUrl }).strict(),
  z.object({ key: z.literal('language'), value: settingValueSchemas.language }).strict(),
  z.object({ key: z.literal('lastCalendarUserId'), value: settingValueSchemas.lastCalendarUserId }).strict(),
  z.object({ key: z.literal('tablePageSizes'), value: settingValueSchemas.tablePageSizes }).strict(),
]);
export type SetSettingInput = z.infer<typeof setSettingInputSchema>;

/** settings:update — several writable keys at once; unknown (or main-only) keys are refused. */
export const settingsUpdateSchema = desktopSettingsSchema
  .pick({
    serverUrl: true,
    language: true,
    lastCalendarUserId: true,
    tablePageSizes: true,
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/* ---------- app ---------- */

export const appInfoSchema = z.object({ version: z.string(), platform: z.string() });
export type AppInfo = z.infer<typeof appInfoSchema>;

/* ---------- recordings ---------- */

/** Opaque handle for a file the user picked; main keeps token → path, the renderer never sees a path. */
export const fileTokenSchema = z.uuid();

export const recordingProblemSchema = z.enum([RecordingProblem.tooLarge, RecordingProblem.notVideo]);

export const pickedRecordingFileSchema = z.object({
  token: fileTokenSchema,
  name: z.string(),
  size: z.number().int().nonnegative(),
  mimeType: z.string(),
  /** null when the file could not be probed (corrupt, not a media file). */
  durationSeconds: z.number().nonnegative().nullable(),
  hasVideo: z.boolean(),
  problems: z.array(recordingProblemSchema),
});
export type PickedRecordingFile = z.infer<typeof pickedRecordingFileSchema>;

export const pickRecordingFilesResultSchema = z.object({ files: z.array(pickedRecordingFileSchema) });
export type PickRecordingFilesResult = z.infer<typeof pickRecordingFilesResultSchema>;

/** Chosen by the renderer before the call so that progress events can be matched to it. */
export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * The metadata JSON of spec part 1 §7 (study_id, parts[{part, file_name, id, language ids}]).
 * Only what main relies on is checked; further fields pass through to the server untouched.
 */
export const recordingsMetadataSchema = z.looseObject({
  study_id: z.number().int().positive(),
  parts: z.array(z.looseObject({ part: z.number().int().positive(), file_name: z.string().min(1) })),
});

export const uploadRouteSchema = z.enum(['direct', 'service']);

export const uploadRecordingsInputSchema = z
  .object({
    uploadId: uploadIdSchema,
    studyId: z.number().int().positive(),
    /** New or replacing rows' files, in the order of files[] in the form. */
    files: z
      .array(z.object({ token: fileTokenSchema, fileName: z.string().min(1).max(255).optional() }).strict())
      .max(50),
    metadata: recordingsMetadataSchema,
    language: languageSchema.optional(),
    /** direct = the API (resumable where it offers tus); service = the upload service (spec part 1 §4). */
    route: uploadRouteSchema.optional(),
  })
  .strict()
  .refine((input) => input.metadata.study_id === input.studyId, {
    path: ['metadata', 'study_id'],
    message: 'metadata.study_id must equal studyId',
  });
export type UploadRecordingsInput = z.infer<typeof uploadRecordingsInputSchema>;

/** The server's answer as is: a 422 with field errors is a result for the renderer, not an IPC error. */
export const uploadRecordingsResultSchema = z.object({ status: z.number().int(), body: z.unknown() });
export type UploadRecordingsResult = z.infer<typeof uploadRecordingsResultSchema>;

export const cancelUploadInputSchema = z.object({ uploadId: uploadIdSchema }).strict();

export const uploadProgressSchema = z.object({
  uploadId: uploadIdSchema,
  sentBytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  /** Bytes of each file when every file is its own (resumable) upload. */
  fileBytes: z.array(z.number().int().nonnegative()).optional(),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

/* ---------- documents ---------- */

export const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

export const saveDocumentInputSchema = z
  .object({
    suggestedName: z.string().trim().min(1).max(200),
    bytes: z
      .union([z.instanceof(Uint8Array), z.instanceof(ArrayBuffer)])
      .transform((value) => (value instanceof Uint8Array ? value : new Uint8Array(value)))
      .refine((value) => value.byteLength <= DOCUMENT_MAX_BYTES, 'document too large'),
  })
  .strict();
export type SaveDocumentInput = z.input<typeof saveDocumentInputSchema>;

export const saveDocumentResultSchema = z.discriminatedUnion('saved', [
  z.object({ saved: z.literal(true), fileName: z.string() }),
  z.object({ saved: z.literal(false) }),
]);
export type SaveDocumentResult = z.infer<typeof saveDocumentResultSchema>;

/**
 * "Show in folder" after a save: the renderer names a file main saved in this session (its
 * fileName as saveDocument answered); main alone knows where it is, so no path crosses the boundary.
 */
export const showInFolderInputSchema = z.object({ fileName: z.string().min(1).max(255) }).strict();
export type ShowInFolderInput = z.infer<typeof showInFolderInputSchema>;
export const showInFolderResultSchema = z.object({ shown: z.literal(true) });

/* ---------- table exports ---------- */

/**
 * exports:save — main asks where to save, then streams `GET /api/{resource}/export` to that file
 * (never through the renderer's memory). The renderer names the table and its list query only:
 * main builds the URL on its own server, so no other address can be reached.
 */
export const saveTableExportInputSchema = z
  .object({
    resource: z.enum(Object.keys(TABLE_EXPORTS) as [string, ...string[]]),
    format: z.enum(EXPORT_FORMATS),
    /** The table's list query (filters, sort), as the list sends it: no fragment. */
    query: z
      .string()
      .max(8000)
      .regex(/^[^#]*$/),
    /** The headings' language (the window's). */
    language: languageSchema,
  })
  .strict();
export type SaveTableExportInput = z.infer<typeof saveTableExportInputSchema>;
export const saveTableExportResultSchema = saveDocumentResultSchema;

/* ---------- windows ---------- */

export const openCalendarWindowInputSchema = z.object({ userId: z.number().int().positive() }).strict();
export type OpenCalendarWindowInput = z.infer<typeof openCalendarWindowInputSchema>;
export const openCalendarWindowResultSchema = z.object({ opened: z.literal(true) });

/** windows:open — a table page (or the calendar) in a window of its own; only the app's own paths. */
export const openAppWindowInputSchema = z
  .object({
    path: z.enum(APP_PATHS),
    /** The page's query (filters, sort, page); no fragment, no other origin can sneak in. */
    search: z
      .string()
      .regex(/^(\?[A-Za-z0-9_.,:%=&+*[\]-]{0,1000})?$/)
      .optional(),
  })
  .strict();
export type OpenAppWindowInput = z.infer<typeof openAppWindowInputSchema>;
export const openAppWindowResultSchema = z.object({ opened: z.literal(true) });

/* ---------- menu and server ---------- */

export const roleNameSchema = z.enum(Object.keys(ROLE) as [RoleName, ...RoleName[]]);

/** app:set-menu-role — the signed-in user's role (null when signed out): the menu shows its sections. */
export const setMenuRoleInputSchema = z.object({ role: roleNameSchema.nullable() }).strict();
export const setMenuRoleResultSchema = z.object({ sections: z.number().int().nonnegative() });

/** app:navigate (main → renderer): a menu item chose a section. */
export const navigateEventSchema = z.object({
  path: z.enum(APP_PATHS),
  /** The page's query, e.g. ?study=5 when a message notification was clicked. */
  search: z
    .string()
    .regex(/^(\?[A-Za-z0-9_.,:%=&+*[\]-]{0,1000})?$/)
    .optional(),
});
export type NavigateEvent = z.infer<typeof navigateEventSchema>;

/** app:get-server — where the API is; source none = first run, the renderer asks for the address. */
export const serverInfoSchema = z.object({
  serverUrl: z.string().nullable(),
  source: z.enum(['env', 'settings', 'none']),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/* ---------- message notifications ---------- */

/**
 * notifications:message — `message`: a new chat message in a study the user teaches (the native
 * notification; its click opens the study in this window); `read`: the user opened the study, its
 * messages leave the dock/taskbar badge count. The answer is the badge count afterwards.
 */
export const notifyMessageInputSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('message'),
      studyId: z.number().int().positive(),
      /** Several windows may hear of the same message: main shows and counts it once. */
      messageId: z.number().int().positive(),
      title: z.string().trim().min(1).max(200),
      body: z.string().max(100),
    })
    .strict(),
  z.object({ type: z.literal('read'), studyId: z.number().int().positive() }).strict(),
]);
export type NotifyMessageInput = z.infer<typeof notifyMessageInputSchema>;
export const notifyMessageResultSchema = z.object({ unread: z.number().int().nonnegative() });

/* ---------- imports ---------- */

/** The spreadsheets an import reads (issue 31); the server checks the content again. */
export const IMPORT_FILE_EXTENSIONS = ['xlsx', 'csv'] as const;

/**
 * imports:pick-file — the file the user chose in the native dialog, read by main: its bytes go to
 * the renderer, which posts them with its session like any other request (no path crosses). A file
 * over the limit or of another type is answered by name, unread.
 */
export const pickImportFileResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('too_large'), name: z.string(), size: z.number().int().nonnegative() }),
  z.object({ status: z.literal('unsupported'), name: z.string() }),
  z.object({ status: z.literal('picked'), name: z.string(), bytes: z.instanceof(Uint8Array) }),
]);
export type PickImportFileResult = z.infer<typeof pickImportFileResultSchema>;
/* ---------- offline store ---------- */

/**
 * A key of the offline store: printable ASCII without spaces. Main names a file after it
 * (base64url), so its length is bounded well under a file name's 255 bytes.
 */
export const offlineKeySchema = z.string().regex(/^[\x21-\x7e]{1,180}$/);
/** One value's JSON at most; a persisted query cache of a busy account is a few MB. */
export const OFFLINE_VALUE_MAX_CHARS = 64 * 1024 * 1024;

export const offlineKeyInputSchema = z.object({ key: offlineKeySchema }).strict();
export type OfflineKeyInput = z.infer<typeof offlineKeyInputSchema>;
/** found false: nothing is stored under the key (value then is null). */
export const offlineGetResultSchema = z.object({ found: z.boolean(), value: z.unknown() });
export type OfflineGetResult = z.infer<typeof offlineGetResultSchema>;

/** offline:set — the value arrives as a structured clone; main stores its JSON (checked here). */
export const offlineSetInputSchema = z
  .object({ key: offlineKeySchema, value: z.unknown() })
  .strict()
  .transform((input, ctx) => {
    let json: string | undefined;
    try {
      json = JSON.stringify(input.value);
    } catch {
      json = undefined;
    }
    if (json === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'value is not JSON' });
      return z.NEVER;
    }
    if (json.length > OFFLINE_VALUE_MAX_CHARS) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'value too large' });
      return z.NEVER;
    }
    return { key: input.key, json };
  });
export type OfflineSetInput = z.input<typeof offlineSetInputSchema>;

export const offlineKeysInputSchema = z.object({ prefix: z.string().regex(/^[\x21-\x7e]{0,180}$/) }).strict();
export const offlineKeysResultSchema = z.object({ keys: z.array(offlineKeySchema) });
export const offlineDoneResultSchema = z.object({ done: z.literal(true) });

/* ---------- the contract ---------- */

/** Input and output schema of every channel; main validates inputs with these, tests check outputs. */
export const ipcContract = {
  [IpcChannel.getAppInfo]: { input: z.undefined(), output: appInfoSchema },
  [IpcChannel.getSettings]: { input: z.undefined(), output: desktopSettingsSchema },
  [IpcChannel.setSetting]: { input: setSettingInputSchema, output: desktopSettingsSchema },
  [IpcChannel.updateSettings]: { input: settingsUpdateSchema, output: desktopSettingsSchema },
  [IpcChannel.pickRecordingFiles]: { input: z.undefined(), output: pickRecordingFilesResultSchema },
  [IpcChannel.uploadRecordings]: { input: uploadRecordingsInputSchema, output: uploadRecordingsResultSchema },
  [IpcChannel.cancelUpload]: { input: cancelUploadInputSchema, output: z.object({ cancelled: z.boolean() }) },
  [IpcChannel.saveDocument]: { input: saveDocumentInputSchema, output: saveDocumentResultSchema },
  [IpcChannel.showInFolder]: { input: showInFolderInputSchema, output: showInFolderResultSchema },
  [IpcChannel.saveTableExport]: { input: saveTableExportInputSchema, output: saveTableExportResultSchema },
  [IpcChannel.openCalendarWindow]: {
    input: openCalendarWindowInputSchema,
    output: openCalendarWindowResultSchema,
  },
  [IpcChannel.openAppWindow]: { input: openAppWindowInputSchema, output: openAppWindowResultSchema },
  [IpcChannel.setMenuRole]: { input: setMenuRoleInputSchema, output: setMenuRoleResultSchema },
  [IpcChannel.getServerInfo]: { input: z.undefined(), output: serverInfoSchema },
  [IpcChannel.notifyMessage]: { input: notifyMessageInputSchema, output: notifyMessageResultSchema },
  [IpcChannel.pickImportFile]: { input: z.undefined(), output: pickImportFileResultSchema },
  [IpcChannel.offlineGet]: { input: offlineKeyInputSchema, output: offlineGetResultSchema },
  [IpcChannel.offlineSet]: { input: offlineSetInputSchema, output: offlineDoneResultSchema },
  [IpcChannel.offlineRemove]: { input: offlineKeyInputSchema, output: offlineDoneResultSchema },
  [IpcChannel.offlineKeys]: { input: offlineKeysInputSchema, output: offlineKeysResultSchema },
} as const satisfies Record<IpcChannelName, { input: z.ZodType; output: z.ZodType }>;

export type IpcContract = typeof ipcContract;
export type IpcInput<C extends IpcChannelName> = z.output<IpcContract[C]['input']>;
export type IpcOutput<C extends IpcChannelName> = z.output<IpcContract[C]['output']>;
