import type { Knex } from 'knex';
import * as m001 from './001_extensions_vocabulary.js';
import * as m002 from './002_catalogues.js';
import * as m003 from './003_users.js';
import * as m004 from './004_teachers.js';
import * as m005 from './005_schedules.js';
import * as m006 from './006_studies.js';
import * as m007 from './007_study_content.js';
import * as m008 from './008_recordings.js';
import * as m009 from './009_contracts_subscriptions.js';
import * as m010 from './010_invoices.js';
import * as m011 from './011_messengers.js';
import * as m012 from './012_auth.js';
import * as m013 from './013_jobs_outbox.js';
import * as m014 from './014_exchange_rates.js';
import * as m015 from './015_study_notify.js';
import * as m016 from './016_resource_indexes.js';
import * as m017 from './017_scheduling_indexes.js';
import * as m018 from './018_study_participant_roles.js';
import * as m019 from './019_session_notify.js';
import * as m020 from './020_ical_feed_revocation.js';
import * as m021 from './021_catalogue_name_ru.js';
import * as m022 from './022_recording_uploads.js';
import * as m023 from './023_study_panels.js';
import * as m024 from './024_analytics_indexes.js';
import * as m025 from './025_messenger_outbox.js';
import * as m027 from './027_bot_dialog_attendance.js';
import * as m028 from './028_study_reminders.js';
import * as m029 from './029_session_cache_notify.js';
import * as m030 from './030_contract_template_docx.js';
import * as m031 from './031_upload_tokens.js';
import * as m032 from './032_outbox_provider_message_id.js';
import * as m033 from './033_payments.js';
import * as m035 from './035_idempotency_keys.js';

export interface Migration {
  name: string;
  up: (k: Knex) => Promise<void>;
  down: (k: Knex) => Promise<void>;
}

/**
 * In order. Static imports: the server is bundled, so nothing scans a directory at run time.
 *
 * Deletes that must be refused use ON DELETE NO ACTION (the default), not RESTRICT: both refuse,
 * but PostgreSQL 18 reports RESTRICT as 23001 while NO ACTION is 23503 on every version.
 */
export const migrations: Migration[] = [
  { name: '001_extensions_vocabulary', up: m001.up, down: m001.down },
  { name: '002_catalogues', up: m002.up, down: m002.down },
  { name: '003_users', up: m003.up, down: m003.down },
  { name: '004_teachers', up: m004.up, down: m004.down },
  { name: '005_schedules', up: m005.up, down: m005.down },
  { name: '006_studies', up: m006.up, down: m006.down },
  { name: '007_study_content', up: m007.up, down: m007.down },
  { name: '008_recordings', up: m008.up, down: m008.down },
  { name: '009_contracts_subscriptions', up: m009.up, down: m009.down },
  { name: '010_invoices', up: m010.up, down: m010.down },
  { name: '011_messengers', up: m011.up, down: m011.down },
  { name: '012_auth', up: m012.up, down: m012.down },
  { name: '013_jobs_outbox', up: m013.up, down: m013.down },
  { name: '014_exchange_rates', up: m014.up, down: m014.down },
  { name: '015_study_notify', up: m015.up, down: m015.down },
  { name: '016_resource_indexes', up: m016.up, down: m016.down },
  { name: '017_scheduling_indexes', up: m017.up, down: m017.down },
  { name: '018_study_participant_roles', up: m018.up, down: m018.down },
  { name: '019_session_notify', up: m019.up, down: m019.down },
  { name: '020_ical_feed_revocation', up: m020.up, down: m020.down },
  { name: '021_catalogue_name_ru', up: m021.up, down: m021.down },
  { name: '022_recording_uploads', up: m022.up, down: m022.down },
  { name: '023_study_panels', up: m023.up, down: m023.down },
  { name: '024_analytics_indexes', up: m024.up, down: m024.down },
  { name: '025_messenger_outbox', up: m025.up, down: m025.down },
  { name: '027_bot_dialog_attendance', up: m027.up, down: m027.down },
  { name: '028_study_reminders', up: m028.up, down: m028.down },
  { name: '029_session_cache_notify', up: m029.up, down: m029.down },
  { name: '030_contract_template_docx', up: m030.up, down: m030.down },
  { name: '031_upload_tokens', up: m031.up, down: m031.down },
  { name: '032_outbox_provider_message_id', up: m032.up, down: m032.down },
  { name: '033_payments', up: m033.up, down: m033.down },
  { name: '035_idempotency_keys', up: m035.up, down: m035.down },
];
