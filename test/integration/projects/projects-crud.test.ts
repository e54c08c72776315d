import { describe, expect, it } from 'vitest';
import { ULID } from '../../../shared/ids';
import { registerOrganization, request } from '../support/api';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('POST /api/projects', () => {
  it('answers 201 with the created project, status planning by default and empty fields null', async () => {
    const admin = await registerOrganization();
    const response = await admin.call('/api/projects', { method: 'POST', body: { name: 'Launch campaign' } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(ULID),
      name: 'Launch campaign',
      description: null,
      status: 'planning',
      dueDate: null,
      createdAt: expect.stringMatching(ISO_INSTANT),
    });
  });

  it('keeps every field it was given', async () => {
    const admin = await registerOrganization();
    const body = { name: 'Spring sale', description: 'Email and ads', status: 'in_progress', dueDate: '2025-01-05' };
    const response = await admin.call('/api/projects', { method: 'POST', body });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject(body);
    const detail = await admin.call(`/api/projects/${response.body.id}`);
    expect(detail.body).toMatchObject({ ...body, members: [] });
  });

  it.each([
    ['a missing name', {}, 'name', 'Project name is required'],
    ['an empty name', { name: '' }, 'name', 'Project name is required'],
    ['a blank name', { name: '   ' }, 'name', 'Project name is required'],
    ['a name that is not text', { name: 42 }, 'name', 'Project name is required'],
    ['an over-long name', { name: 'x'.repeat(201) }, 'name', 'Project name must be at most 200 characters'],
    [
      'an over-long description',
      { name: 'P', description: 'x'.repeat(5001) },
      'description',
      'Description must be at most 5000 characters',
    ],
    [
      'an unknown status',
      { name: 'P', status: 'PAUSED' },
      'status',
      'Status must be one of planning, in_progress, completed, on_hold',
    ],
    [
      'an upper-case status',
      { name: 'P', status: 'PLANNING' },
      'status',
      'Status must be one of planning, in_progress, completed, on_hold',
    ],
    [
      'a due date that is not YYYY-MM-DD',
      { name: 'P', dueDate: '05/01/2025' },
      'dueDate',
      'Due date must be a valid date (YYYY-MM-DD)',
    ],
    [
      'a due date that is not a real day',
      { name: 'P', dueDate: '2025-02-30' },
      'dueDate',
      'Due date must be a valid date (YYYY-MM-DD)',
    ],
    [
      'a due date with a time',
      { name: 'P', dueDate: '2025-01-05T10:00:00Z' },
      'dueDate',
      'Due date must be a valid date (YYYY-MM-DD)',
    ],
    ['a due date that is a number', { name: 'P', dueDate: 20250105 }, 'dueDate', 'Due date must be a valid date (YYYY-MM-DD)'],
  ])('rejects %s with 400 and the field message, creating nothing', async (_label, body, field, message) => {
    const admin = await registerOrganization();
    const response = await admin.call('/api/projects', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ [field]: message });
    expect((await admin.call('/api/projects')).body).toEqual([]);
  });

  it('accepts a leap day and a null due date', async () => {
    const admin = await registerOrganization();
    expect((await admin.call('/api/projects', { method: 'POST', body: { name: 'Leap', dueDate: '2024-02-29' } })).status).toBe(
      201,
    );
    expect(
      (await admin.call('/api/projects', { method: 'POST', body: { name: 'None', dueDate: null } })).body.dueDate,
    ).toBeNull();
  });

  it('answers 401 without a session', async () => {
    expect((await request('/api/projects', { method: 'POST', body: { name: 'P' } })).status).toBe(401);
  });
});

describe('GET /api/projects', () => {
  it('lists the organization projects in creation order', async () => {
    const admin = await registerOrganization();
    const names = ['First', 'Second', 'Third'];
    for (const name of names) await admin.call('/api/projects', { method: 'POST', body: { name } });
    const response = await admin.call('/api/projects');
    expect(response.status).toBe(200);
    expect(response.body.map((project: { name: string }) => project.name)).toEqual(names);
    expect(Object.keys(response.body[0]).sort()).toEqual(['createdAt', 'description', 'dueDate', 'id', 'name', 'status']);
  });

  it('answers an empty list for a new organization and 401 without a session', async () => {
    const admin = await registerOrganization();
    expect((await admin.call('/api/projects')).body).toEqual([]);
    expect((await request('/api/projects')).status).toBe(401);
  });
});

describe('GET /api/projects/{id}', () => {
  it('answers 404 for an id that names no project', async () => {
    const admin = await registerOrganization();
    expect((await admin.call('/api/projects/01JAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await admin.call('/api/projects/not-a-project')).status).toBe(404);
  });
});

describe('PATCH /api/projects/{id}', () => {
  it('changes only the fields sent and answers the updated project', async () => {
    const admin = await registerOrganization();
    const project = (
      await admin.call('/api/projects', { method: 'POST', body: { name: 'Old', description: 'Keep me', dueDate: '2025-03-01' } })
    ).body;
    const response = await admin.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { status: 'completed' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...project, status: 'completed' });

    const edited = await admin.call(`/api/projects/${project.id}`, {
      method: 'PATCH',
      body: { name: 'New', description: null, status: 'on_hold', dueDate: null },
    });
    expect(edited.body).toEqual({ ...project, name: 'New', description: null, status: 'on_hold', dueDate: null });
    expect((await admin.call(`/api/projects/${project.id}`)).body).toMatchObject({
      name: 'New',
      status: 'on_hold',
      dueDate: null,
    });
  });

  it('lets a status change to any other status', async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Any', status: 'completed' } })).body;
    for (const status of ['planning', 'on_hold', 'in_progress', 'completed']) {
      expect((await admin.call(`/api/projects/${project.id}`, { method: 'PATCH', body: { status } })).body.status).toBe(status);
    }
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['an unknown status', { status: 'done' }, 'status'],
    ['an impossible due date', { dueDate: '2025-13-01' }, 'dueDate'],
  ])('rejects %s with 400 and changes nothing', async (_label, body, field) => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Stable' } })).body;
    const response = await admin.call(`/api/projects/${project.id}`, { method: 'PATCH', body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors)).toEqual([field]);
    expect((await admin.call(`/api/projects/${project.id}`)).body).toMatchObject(project);
  });

  it('answers 404 for an unknown project', async () => {
    const admin = await registerOrganization();
    expect((await admin.call('/api/projects/01JAAAAAAAAAAAAAAAAAAAAAAA', { method: 'PATCH', body: { name: 'X' } })).status).toBe(
      404,
    );
  });
});

describe('DELETE /api/projects/{id}', () => {
  it('removes the project and answers JSON with its id', async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Doomed' } })).body;
    const response = await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: project.id });
    expect((await admin.call(`/api/projects/${project.id}`)).status).toBe(404);
    expect((await admin.call(`/api/projects/${project.id}/members`)).status).toBe(404);
    expect((await admin.call('/api/projects')).body).toEqual([]);
  });

  it('answers 404 the second time', async () => {
    const admin = await registerOrganization();
    const project = (await admin.call('/api/projects', { method: 'POST', body: { name: 'Once' } })).body;
    await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' });
    expect((await admin.call(`/api/projects/${project.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
