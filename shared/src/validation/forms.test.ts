import { describe, expect, it } from 'vitest';
import {
  contractFormSchema,
  contractFormSchemaFor,
  contractGeneratorSchema,
  dateTimePickerSchema,
  invoiceFormSchema,
  invoiceGeneratorSchema,
  messengerTokenSchema,
  notifySchema,
  phoneSchema,
  roleSwitchSchema,
  studyMessageSchema,
  userFormSchema,
} from './index';
import { dataOf, keysOf } from './validation.test-kit';

describe('phoneSchema', () => {
  it('digits only, default type Mobile', () => {
    expect(dataOf(phoneSchema, { phone: ' 380501234567 ' })).toEqual({ phone: '380501234567', type_id: 1 });
    expect(dataOf(phoneSchema, { phone: 380501234567, type_id: '3' })).toEqual({
      phone: '380501234567',
      type_id: 3,
    });
    expect(keysOf(phoneSchema, { phone: '' })).toEqual({ phone: ['validations.required'] });
    expect(keysOf(phoneSchema, { phone: '+38 050', type_id: 9 })).toEqual({
      phone: ['validations.numeric'],
      type_id: ['validations.in'],
    });
    expect(keysOf(phoneSchema, { phone: '-1' })).toEqual({ phone: ['validations.numeric'] });
  });
});

describe('userFormSchema', () => {
  const student = { firstname: 'Олена', role_id: '4', source_id: '2', responsible_type_id: '4', active: '1' };

  it('accepts a student and coerces form strings', () => {
    const data = dataOf(userFormSchema, {
      ...student,
      email: '  olena@example.com ',
      classes: ['5', '6'],
      phones: { 0: { phone: '380501112233' } },
      surname: '',
    });
    expect(data).toMatchObject({
      firstname: 'Олена',
      role_id: 4,
      source_id: 2,
      active: true,
      email: 'olena@example.com',
    });
    expect(data.classes).toEqual([5, 6]);
    expect(data.phones).toEqual([{ phone: '380501112233', type_id: 1 }]);
    expect(data.surname).toBeNull();
  });

  it('requires firstname, role, source, active', () => {
    expect(keysOf(userFormSchema, {})).toEqual({
      firstname: ['validations.required'],
      role_id: ['validations.required'],
      source_id: ['validations.required'],
      active: ['validations.required'],
    });
  });

  it('requires a responsible type for roles 4 and 5 only', () => {
    const { responsible_type_id: _omit, ...noType } = student;
    expect(keysOf(userFormSchema, noType)).toEqual({ responsible_type_id: ['validations.required'] });
    expect(keysOf(userFormSchema, { ...noType, role_id: 5 })).toEqual({
      responsible_type_id: ['validations.required'],
    });
    expect(keysOf(userFormSchema, { ...noType, role_id: 2 })).toEqual({});
  });

  it('requires manager, priority and sex for a teacher', () => {
    const teacher = { firstname: 'Іван', role_id: 3, source_id: 1, active: true };
    expect(keysOf(userFormSchema, teacher)).toEqual({
      manager_id: ['validations.required'],
      priority: ['validations.required'],
      sex: ['validations.required'],
    });
    expect(keysOf(userFormSchema, { ...teacher, manager_id: '2', priority: '99', sex: '1' })).toEqual({});
    expect(keysOf(userFormSchema, { ...teacher, manager_id: 2, priority: 4, sex: 3 })).toEqual({
      priority: ['validations.in'],
      sex: ['validations.in'],
    });
  });

  it('checks email, password length, classes, role and source values', () => {
    expect(
      keysOf(userFormSchema, {
        ...student,
        email: 'bad',
        password: 'short',
        classes: ['x'],
        role_id: 9,
        source_id: 'a',
      }),
    ).toEqual({
      email: ['validations.email'],
      password: ['validations.min.string'],
      'classes.0': ['validations.numeric'],
      role_id: ['validations.in'],
      source_id: ['validations.numeric'],
    });
    expect(keysOf(userFormSchema, { ...student, classes: [''] })).toEqual({
      'classes.0': ['validations.required'],
    });
  });
});

describe('contractFormSchema', () => {
  const valid = { student_id: '5', payer_id: '6', end_at: '2025-12-31', template_id: '42' };

  it('accepts a valid body', () => {
    expect(dataOf(contractFormSchema, valid)).toEqual({
      student_id: 5,
      payer_id: 6,
      end_at: '2025-12-31',
      template_id: 42,
    });
  });

  it('requires student, payer, end date', () => {
    expect(keysOf(contractFormSchema, {})).toEqual({
      student_id: ['validations.required'],
      payer_id: ['validations.required'],
      end_at: ['validations.required'],
    });
    expect(keysOf(contractFormSchema, { ...valid, end_at: '31.02.2025' })).toEqual({
      end_at: ['validations.date'],
    });
  });

  it('follows the template: url hides the end date, invoice templates make one required', () => {
    const withUrl = contractFormSchemaFor({ hasUrl: true, hasInvoiceTemplates: true });
    expect(keysOf(withUrl, { student_id: 1, payer_id: 2 })).toEqual({
      invoice_template_id: ['validations.required'],
    });
    expect(keysOf(withUrl, { student_id: 1, payer_id: 2, invoice_template_id: 3 })).toEqual({});
  });
});

describe('invoiceFormSchema', () => {
  it('subscription and numeric amount required; pay date and template optional', () => {
    expect(dataOf(invoiceFormSchema, { subscription_id: '3', amount: '240000', payed_at: '' })).toEqual({
      subscription_id: 3,
      amount: 240000,
      payed_at: null,
    });
    expect(keysOf(invoiceFormSchema, {})).toEqual({
      subscription_id: ['validations.required'],
      amount: ['validations.required'],
    });
    expect(keysOf(invoiceFormSchema, { subscription_id: 1, amount: '12,5', payed_at: 'never' })).toEqual({
      amount: ['validations.numeric'],
      payed_at: ['validations.date'],
    });
  });
});

describe('document generators', () => {
  it('invoice generator: contract number numeric, the rest required', () => {
    const valid = {
      contract_number: '12',
      contract_date: '2025-01-10',
      invoice_number: '03-12',
      payer_fullname: 'Шевченко Тарас Григорович',
      studies_count: '8',
      study_cost: '300',
    };
    expect(dataOf(invoiceGeneratorSchema, valid)).toMatchObject({
      contract_number: 12,
      studies_count: 8,
      study_cost: 300,
    });
    expect(keysOf(invoiceGeneratorSchema, { contract_number: 'A-1' })).toEqual({
      contract_number: ['validations.numeric'],
      contract_date: ['validations.required'],
      invoice_number: ['validations.required'],
      payer_fullname: ['validations.required'],
      studies_count: ['validations.required'],
      study_cost: ['validations.required'],
    });
  });

  it('contract generator: student class 1 to 11', () => {
    const valid = {
      contract_number: '7',
      customer_fullname: 'Коваленко Ольга Петрівна',
      student_name: 'Андрій',
      sex: '1',
      student_class: '11',
      studies_per_week: '2',
      study_cost: '350',
      studies_count: '8',
    };
    expect(dataOf(contractGeneratorSchema, valid)).toMatchObject({ student_class: 11, sex: 1 });
    expect(keysOf(contractGeneratorSchema, { ...valid, student_class: '12', sex: '0' })).toEqual({
      student_class: ['validations.between.numeric'],
      sex: ['validations.in'],
    });
    expect(keysOf(contractGeneratorSchema, { ...valid, student_class: '0' })).toEqual({
      student_class: ['validations.between.numeric'],
    });
    expect(Object.keys(keysOf(contractGeneratorSchema, {}))).toHaveLength(8);
  });

  it('bounds every number so the printed totals stay exact', () => {
    expect(
      keysOf(invoiceGeneratorSchema, {
        contract_number: '1000000000',
        contract_date: '2025-02-30',
        invoice_number: '01-12',
        payer_fullname: 'Шевченко Тарас Григорович',
        studies_count: '201',
        study_cost: '1000000.01',
      }),
    ).toEqual({
      contract_number: ['validations.between.numeric'],
      contract_date: expect.any(Array),
      studies_count: ['validations.between.numeric'],
      study_cost: ['validations.between.numeric'],
    });
    expect(keysOf(contractGeneratorSchema, { studies_per_week: '8', study_cost: '-1' })).toMatchObject({
      studies_per_week: ['validations.between.numeric'],
      study_cost: ['validations.between.numeric'],
    });
  });
});

describe('dateTimePickerSchema', () => {
  it.each(['0:00', '9:05', '09:05', '23:59'])('accepts %s', (time) => {
    expect(keysOf(dateTimePickerSchema, { date: '2025-07-14', time })).toEqual({});
  });

  it.each(['24:00', '12:60', '1:5', '123:00', '12-30', 'noon'])('refuses %s', (time) => {
    expect(keysOf(dateTimePickerSchema, { date: '2025-07-14', time })).toEqual({
      time: ['validations.date_format'],
    });
  });

  it('both required', () => {
    expect(keysOf(dateTimePickerSchema, {})).toEqual({
      date: ['validations.required'],
      time: ['validations.required'],
    });
  });
});

describe('command bodies', () => {
  it('study message needs non-empty content', () => {
    expect(keysOf(studyMessageSchema, { study_id: '1', content: '   ' })).toEqual({
      content: ['validations.required'],
    });
    expect(dataOf(studyMessageSchema, { study_id: '1', content: ' hi ' })).toEqual({
      study_id: 1,
      content: 'hi',
    });
  });

  it('notify, messenger token, role switch', () => {
    expect(dataOf(notifySchema, { type_id: '1', study_id: '2' })).toEqual({ type_id: 1, study_id: 2 });
    expect(dataOf(messengerTokenSchema, { token_type: 'viber' })).toEqual({ token_type: 'viber' });
    expect(keysOf(messengerTokenSchema, { token_type: 'whatsapp' })).toEqual({
      token_type: ['validations.in'],
    });
    expect(dataOf(roleSwitchSchema, { role_id: '3' })).toEqual({ role_id: 3 });
    expect(keysOf(roleSwitchSchema, { role_id: '0' })).toEqual({ role_id: ['validations.in'] });
  });
});
