import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { isContractTemplatePlaceholder, type ContractTemplatePlaceholder } from '@school/shared/rules';

/** Why a school's .docx cannot be a contract template: broken tags, or placeholders we do not fill. */
export class ContractTemplateError extends Error {
  constructor(
    readonly reason: 'invalid' | 'unknown_placeholders',
    readonly names: string[] = [],
  ) {
    super(reason);
    this.name = 'ContractTemplateError';
  }
}

/**
 * Compiles a .docx with docxtemplater, collecting every tag it holds (a tag split over several
 * runs by Word counts once). Broken delimiters (`{number` without `}`) fail here.
 */
function compile(
  docx: Buffer,
  data?: Partial<Record<ContractTemplatePlaceholder, string>>,
): { doc: Docxtemplater; tags: Set<string> } {
  const tags = new Set<string>();
  let zip: PizZip;
  try {
    zip = new PizZip(docx);
  } catch {
    throw new ContractTemplateError('invalid');
  }
  try {
    const doc = new Docxtemplater(zip, {
      paragraphLoop: true,
      // Its own console dump of a broken template: the caller answers 422 instead.
      errorLogging: false,
      linebreaks: true,
      // A placeholder with no value (an open-ended contract's end date) prints nothing, not "undefined".
      nullGetter: () => '',
      parser: (tag: string) => {
        tags.add(tag.trim());
        return { get: (scope: Record<string, unknown>) => (data ? scope[tag.trim()] : '') };
      },
    });
    return { doc, tags };
  } catch {
    throw new ContractTemplateError('invalid');
  }
}

/**
 * Checks an uploaded template before it is kept: it opens, its tags are well formed, and each one
 * is a documented placeholder (a misspelt `{numbr}` would silently print nothing).
 */
export function checkContractTemplate(docx: Buffer): string[] {
  const { doc, tags } = compile(docx);
  try {
    doc.render({});
  } catch {
    throw new ContractTemplateError('invalid');
  }
  const unknown = [...tags].filter((t) => !isContractTemplatePlaceholder(t)).sort();
  if (unknown.length) throw new ContractTemplateError('unknown_placeholders', unknown);
  return [...tags].sort();
}

/** The template with every placeholder replaced by the contract's value (XML-escaped by docxtemplater). */
export function fillContractTemplate(
  docx: Buffer,
  values: Record<ContractTemplatePlaceholder, string>,
): Buffer {
  const { doc } = compile(docx, values);
  doc.render(values);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
