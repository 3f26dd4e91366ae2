import { mutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { employeeKeys } from './keys';
import type { EmployeeInput } from './types';

/** Create, update and delete (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"). */

/** POST /v1/employees. */
export function createEmployee(input: EmployeeInput) {
  return unwrap(api().main.POST('/v1/employees', { body: input }));
}

/** PUT /v1/employees/{id}. */
export function updateEmployee({ id, input }: { id: number; input: EmployeeInput }) {
  return unwrap(api().main.PUT('/v1/employees/{id}', { params: { path: { id } }, body: input }));
}

/** DELETE /v1/employees/{id}. */
export function deleteEmployee(id: number) {
  return unwrap(api().main.DELETE('/v1/employees/{id}', { params: { path: { id } } }));
}

export const createEmployeeMutation = () =>
  mutationOptions({
    mutationKey: [...employeeKeys.all, 'create'],
    mutationFn: createEmployee,
    onSuccess: (_record, _input, _result, { client }) => client.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });

export const updateEmployeeMutation = () =>
  mutationOptions({
    mutationKey: [...employeeKeys.all, 'update'],
    mutationFn: updateEmployee,
    onSuccess: async (record, _input, _result, { client }) => {
      client.setQueryData(employeeKeys.detail(record.id), record);
      await client.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });

export const deleteEmployeeMutation = () =>
  mutationOptions({
    mutationKey: [...employeeKeys.all, 'delete'],
    mutationFn: deleteEmployee,
    onSuccess: async (_answer, id, _result, { client }) => {
      client.removeQueries({ queryKey: employeeKeys.detail(id) });
      await client.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });
