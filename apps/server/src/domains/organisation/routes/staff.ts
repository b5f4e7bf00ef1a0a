// Staff records (spec 4 §3 "Staff info groups"): GET/PUT /api/permission/Users/staff/{section}/{userId}
// for basicInfo, IdentityInfo, ContactInfo, EduInfo, workInfo, recordInfo, contractInfo, trainingInfo,
// turnoverInfo, certificateInfo (list sections carry { list: [...] }); POST /Users/Staff/sysUser/{id}
// copies the record's name, gender, phone and e-mail onto the account; GET /users/resume/{id} assembles
// every section. Reads need the user menu and scope (or are one's own); writes need btn_edit.
import type { StaffSection } from '@kp/schema';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../../http/envelope';
import { me } from '../../auth/guard';
import { BTN, badInput, IdParam, lang, MENU } from '../../permission/common';
import { msg } from '../../permission/messages';
import { checkFields, problemsText } from '../rules';
import { loadSections, readable, SectionParams, validators } from '../staff-service';
import { genderOf, managedUser, orgNames, refuseTakenEmail, relationIds, userItem } from '../users-common';

export default async function staffRoutes(app: FastifyInstance) {
  const tags = ['permission'];
  const db = () => app.kp.db;

  app.get(
    '/api/permission/Users/staff/:section/:id',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: { tags, summary: 'One staff-record section of a user', params: SectionParams },
    },
    async (req) => {
      const { section, id } = req.params as { section: StaffSection; id: string };
      const row = await readable(req, id);
      return ok((await loadSections(req, row.id))[section]);
    },
  );

  // The spec's callers name the section in the path and the user in the query (userId, or id), oneself
  // when neither is given: GET /api/permission/Users/staff/basicInfo?userId=….
  const SectionOnly = {
    type: 'object',
    properties: { section: SectionParams.properties.section },
    required: ['section'],
  } as const;
  const UserQuery = {
    type: 'object',
    properties: {
      userId: { type: 'string', minLength: 1, maxLength: 64 },
      id: { type: 'string', minLength: 1, maxLength: 64 },
    },
  } as const;
  app.get(
    '/api/permission/Users/staff/:section',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: {
        tags,
        summary: 'One staff-record section (user in the query)',
        params: SectionOnly,
        querystring: UserQuery,
      },
    },
    async (req) => {
      const { section } = req.params as { section: StaffSection };
      const q = req.query as { userId?: string; id?: string };
      const row = await readable(req, q.userId ?? q.id ?? me(req).userId);
      return ok((await loadSections(req, row.id))[section]);
    },
  );

  app.put(
    '/api/permission/Users/staff/:section/:id',
    {
      config: { permission: { menu: MENU.user, button: BTN.edit } },
      schema: { tags, summary: 'Save one staff-record section', params: SectionParams },
    },
    async (req) => {
      const { section, id } = req.params as { section: StaffSection; id: string };
      const row = await managedUser(req, id);
      const body = req.body ?? {};
      const v = validators[section](body);
      if (!v.ok) badInput(`${v.errors[0].path}: ${v.errors[0].message}`);
      const b = body as Record<string, unknown>;
      const l = lang(req);
      const problems = checkFields(
        [
          ['mobilePhone', 'phone', b.mobilePhone],
          ['urgentTelePhone', 'phone', b.urgentTelePhone],
          ['email', 'email', b.email],
          [
            'certificatesNumber',
            section === 'IdentityInfo' && b.certificatesType && b.certificatesType !== '身份证'
              ? 'code'
              : 'idCard',
            b.certificatesNumber,
          ],
        ],
        l,
      );
      if (problems.length) badInput(problemsText(problems));
      const content = JSON.stringify(body);
      await db()
        .insertInto('base_user_staff')
        .values({ user_id: row.id, section, content })
        .onConflict((oc) =>
          oc.columns(['user_id', 'section']).doUpdateSet({ content, last_modify_time: new Date() }),
        )
        .execute();
      return ok(null, msg('updated', l));
    },
  );

  app.post(
    '/api/permission/Users/Staff/sysUser/:id',
    {
      config: { permission: { menu: MENU.user, button: BTN.edit } },
      schema: {
        tags,
        summary: 'Copy the staff record onto the account',
        params: IdParam,
      },
    },
    async (req) => {
      const row = await managedUser(req, (req.params as IdParam).id);
      const s = await loadSections(req, row.id);
      const basic = s.basicInfo as { realName?: string | null; gender?: number | null };
      const contact = s.ContactInfo as { mobilePhone?: string | null; email?: string | null };
      const patch = {
        real_name: basic.realName || row.real_name,
        gender: basic.gender ? String(basic.gender) : row.gender,
        mobile_phone: contact.mobilePhone || row.mobile_phone,
        email: contact.email || row.email,
        last_modify_time: new Date(),
      };
      await refuseTakenEmail(req, patch.email, row.id);
      await db().updateTable('base_user').set(patch).where('id', '=', row.id).execute();
      return ok(
        {
          realName: patch.real_name,
          gender: genderOf(patch.gender),
          mobilePhone: patch.mobile_phone,
          email: patch.email,
        },
        msg('updated', lang(req)),
      );
    },
  );

  app.get(
    '/api/permission/users/resume/:id',
    {
      config: { permission: { signedIn: 'scope' } },
      schema: {
        tags,
        summary: 'A user’s resume assembled from the staff record',
        params: IdParam,
      },
    },
    async (req) => {
      const row = await readable(req, (req.params as IdParam).id);
      const [sections, names, rel] = await Promise.all([
        loadSections(req, row.id),
        orgNames(req),
        relationIds(req, row.id),
      ]);
      const positions = rel.positionIds.length
        ? await db()
            .selectFrom('base_position')
            .select('full_name')
            .where('id', 'in', rel.positionIds)
            .execute()
        : [];
      return ok({
        user: userItem(row, names),
        positions: positions.map((p) => p.full_name),
        ...sections,
      });
    },
  );
}
