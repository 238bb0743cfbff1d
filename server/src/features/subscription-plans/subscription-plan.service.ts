import type { Knex } from 'knex';
import type { SubscriptionFormInput } from '@school/shared/validation';
import { ROLE, inRoleGroup } from '@school/shared/domain';
import { overlappingSlots, type LessonSlot } from '@school/shared/rules';
import { errors } from '../../platform/http/app-error.js';
import { transactionWithRetry } from '../../platform/db/transaction-retry.js';
import type {
  PersonRow,
  SubscriptionPlanRepository,
  SubscriptionRow,
  SubscriptionTerms,
} from './subscription-plan.repository.js';
import {
  generateStudies,
  isOverlapViolation,
  planFor,
  rangesOf,
  resolveClashes,
  studiesClash,
  type GenerationInput,
} from './study-generator.js';

/** Roles offered in the subscription form's teacher dropdown (spec part 2 §6). */

export interface SubscriptionPlan extends SubscriptionRow {
  studies_template: Array<{ id: number; weekday: number; start_time: string; duration: number }>;
  studies: Array<{ id: number; start: Date; end: Date }>;
  studies_count: number;
}

export type PlanTerms = SubscriptionTerms;

/** What creating, editing and prolonging share: the package's people, terms and weekly plan. */
export interface PlanRequest {
  teacherId: number;
  studentId: number;
  contractId: number | null;
  terms: PlanTerms;
  slots: readonly LessonSlot[];
  count: number;
  startDate: string;
  ignoreOffperiods: boolean;
  createGroupStudies: boolean;
}

export function planRequestFromForm(form: SubscriptionFormInput): PlanRequest {
  const eurRate = form.eur_rate ?? null;
  const eurPrice = form.eur_price_per_study ?? null;
  // The database keeps both or neither (subscriptions_eur_pair_check); say which one is missing.
  if ((eurRate === null) !== (eurPrice === null)) {
    throw errors.invalidField(eurRate === null ? 'eur_rate' : 'eur_price_per_study', 'validations.required');
  }
  return {
    teacherId: form.teacher_id,
    studentId: form.student_id,
    contractId: form.contract_id ?? null,
    terms: {
      studies_template_type_id: form.studies_template_type_id,
      price_per_study: form.price_per_study,
      eur_rate: eurRate,
      eur_price_per_study: eurPrice,
      studies_per_week: form.studies_per_week,
    },
    slots: form.studies_template,
    count: form.studies_template_total_count,
    startDate: form.studies_template_start_date,
    ignoreOffperiods: form.ignore_offperiods,
    createGroupStudies: form.create_group_studies,
  };
}

export function createSubscriptionPlanService(deps: { knex: Knex; repo: SubscriptionPlanRepository }) {
  const { knex, repo } = deps;

  async function loadPlan(db: Knex | Knex.Transaction, id: number): Promise<SubscriptionPlan> {
    const sub = await repo.findSubscription(db, id);
    if (!sub) throw errors.notFound();
    const [studies_template, studies] = await Promise.all([repo.templatesOf(db, id), repo.studiesOf(db, id)]);
    return { ...sub, studies_template, studies, studies_count: studies.length };
  }

  /** Teacher (role 3 or 7, active), student (role 4) and the student's contract. */
  async function resolvePeople(db: Knex | Knex.Transaction, req: PlanRequest) {
    if (overlappingSlots(req.slots).length > 0) {
      throw errors.invalidField('studies_template', 'subscriptions.template_overlap');
    }
    const people = await repo.findPeople(db, [req.teacherId, req.studentId]);
    const teacher = people.find((p) => p.id === req.teacherId);
    const student = people.find((p) => p.id === req.studentId);
    if (!teacher || !teacher.active || !inRoleGroup('teaching', teacher.role_id)) {
      throw errors.invalidField('teacher_id', 'subscriptions.teacher_invalid');
    }
    if (!student || student.role_id !== ROLE.Student) {
      throw errors.invalidField('student_id', 'subscriptions.student_invalid');
    }
    let contractId = req.contractId;
    if (contractId === null) {
      const first = await repo.firstContractOf(db, student.id);
      if (!first) throw errors.invalidField('contract_id', 'subscriptions.no_contract');
      contractId = first.id;
    } else {
      const contract = await repo.findContract(db, contractId);
      if (!contract || contract.student_id !== student.id) {
        throw errors.invalidField('contract_id', 'subscriptions.contract_not_students');
      }
    }
    return { teacher, contractId };
  }

  const generationInput = (
    req: PlanRequest,
    teacher: PersonRow,
    subscriptionId: number,
    createdBy: number,
    notBefore?: Date,
  ): GenerationInput => ({
    subscriptionId,
    teacher,
    studentId: req.studentId,
    slots: req.slots,
    count: req.count,
    startDate: req.startDate,
    typeId: req.terms.studies_template_type_id,
    ignoreOffperiods: req.ignoreOffperiods,
    createGroupStudies: req.createGroupStudies,
    createdBy,
    notBefore,
  });

  /**
   * Runs one all-or-nothing write. A concurrent booking can slip between our clash query and the
   * insert; the exclusion constraint then fails the insert (23P01) and we answer the same 409,
   * listing the dates as they are now.
   */
  async function inTransaction<T>(
    work: (trx: Knex.Transaction) => Promise<T>,
    clashCheck: () => { input: GenerationInput; replaced: number[] } | null,
  ) {
    try {
      // A deadlock between two packages on one teacher's hours is retried: the loser then sees
      // the winner's studies and answers the 409 below, not a 500.
      return await transactionWithRetry(knex, work);
    } catch (err) {
      const check = isOverlapViolation(err) ? clashCheck() : null;
      if (!check) throw err;
      const { input, replaced } = check;
      const lessons = await planFor(knex, repo, input);
      // The rolled-back edit's own future studies are still there; they are not clashes.
      const busy = (await repo.findBusy(knex, [input.teacher.id, input.studentId], rangesOf(lessons))).filter(
        (b) => !replaced.includes(b.study_id),
      );
      resolveClashes(lessons, busy, input.teacher.id, input.createGroupStudies);
      throw studiesClash([]);
    }
  }

  return {
    loadPlan,

    /** POST /api/subscriptions: the package, its template and its studies, in one transaction. */
    async create(req: PlanRequest, createdBy: number): Promise<SubscriptionPlan> {
      let input: GenerationInput | null = null;
      const id = await inTransaction(
        async (trx) => {
          const { teacher, contractId } = await resolvePeople(trx, req);
          const subscriptionId = await repo.insertSubscription(trx, {
            ...req.terms,
            contract_id: contractId,
            created_by: createdBy,
          });
          await repo.replaceTemplates(trx, subscriptionId, req.slots);
          input = generationInput(req, teacher, subscriptionId, createdBy);
          await generateStudies(trx, repo, input);
          return subscriptionId;
        },
        () => (input ? { input, replaced: [] } : null),
      );
      return loadPlan(knex, id);
    },

    /**
     * PATCH /api/subscriptions/:id with a template (spec part 2 §4, edit mode): past studies stay
     * as they are (they happened, may be billed, reported or recorded); the package's studies that
     * have not started yet are removed and `count` new ones are generated from the start date, never
     * before now. A future study shared with other students (group) keeps them: only this student
     * leaves it.
     */
    async regenerate(
      id: number,
      req: PlanRequest,
      updatedBy: number,
      now = new Date(),
    ): Promise<SubscriptionPlan> {
      let input: GenerationInput | null = null;
      let replaced: number[] = [];
      await inTransaction(
        async (trx) => {
          // Serialises two edits of one package: the second sees the first one's studies.
          const sub = await repo.lockSubscription(trx, id);
          if (!sub) throw errors.notFound();
          const contract = await repo.findContract(trx, sub.contract_id);
          if (req.contractId !== null && req.contractId !== sub.contract_id) {
            throw errors.invalidField('contract_id', 'subscriptions.contract_fixed');
          }
          if (contract?.student_id !== req.studentId)
            throw errors.invalidField('student_id', 'subscriptions.student_fixed');
          const { teacher } = await resolvePeople(trx, { ...req, contractId: sub.contract_id });

          const future = await repo.futureStudiesOf(trx, id, now);
          replaced = future.map((f) => f.study_id);
          await repo.removeParticipant(
            trx,
            future.map((f) => f.study_id),
            req.studentId,
          );
          await repo.deleteStudies(
            trx,
            future.filter((f) => f.other_students === 0).map((f) => f.study_id),
          );

          await repo.updateTerms(trx, id, req.terms);
          await repo.replaceTemplates(trx, id, req.slots);
          input = generationInput(req, teacher, id, updatedBy, now);
          await generateStudies(trx, repo, input);
        },
        () => (input ? { input, replaced } : null),
      );
      return loadPlan(knex, id);
    },
  };
}

export type SubscriptionPlanService = ReturnType<typeof createSubscriptionPlanService>;
