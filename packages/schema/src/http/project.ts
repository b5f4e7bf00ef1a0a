// Construction projects (spec 3 §7 and spec 4 §7 "Projects"): the group's projects in two business lines
// (ly, zy) and their categories, read by project pickers in forms.
import { type Static, Type } from '@sinclair/typebox';

/** The two business lines of the group, as the spec's paths spell them: /api/ly/… and /api/zy/…. */
export const PROJECT_LINES = ['ly', 'zy'] as const;
export type ProjectLine = (typeof PROJECT_LINES)[number];

/** GET /api/{line}/project/selector: keyword over name and code, optional category and company, paged. */
export const ProjectSelectorQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  categoryId: Type.Optional(Type.String({ maxLength: 64 })),
  organizeId: Type.Optional(Type.String({ maxLength: 64 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type ProjectSelectorQuery = Static<typeof ProjectSelectorQuery>;

/** GET /api/{line}/project/getBaseInfoListByIds?ids=a,b (comma-joined; at most 500). */
export const ProjectIdsQuery = Type.Object({
  ids: Type.String({ minLength: 1, maxLength: 33_000 }),
});
export type ProjectIdsQuery = Static<typeof ProjectIdsQuery>;

/** One project as pickers and forms show it. status: 0 planned, 1 under construction, 2 completed. */
export interface ProjectBaseInfo {
  id: string;
  line: ProjectLine;
  enCode: string;
  fullName: string;
  categoryId: string;
  categoryName: string;
  organizeId: string | null;
  organizeName: string | null;
  managerId: string | null;
  managerName: string | null;
  address: string | null;
  status: number;
  startDate: string | null;
  endDate: string | null;
  /** Contract amount in yuan, as text (exact decimal). */
  contractAmount: string | null;
}

/** A node of GET /api/Permission/projectcategory. */
export interface ProjectCategoryNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  hasChildren: boolean;
  children: ProjectCategoryNode[];
}
