import { createMutation, deleteMutation, recordRequests, updateMutation } from '@/lib/api/records';
import { employeeKeys } from './keys';

/** Create, update and delete (SPEC §7 "employees (optionally centerNtiId) … create, read, update, delete, excel template, import, export"). */

/** POST /v1/employees; PUT and DELETE /v1/employees/{id}. */
export const { create: createEmployee, update: updateEmployee, remove: deleteEmployee } = recordRequests('/v1/employees');

export const createEmployeeMutation = createMutation(employeeKeys, createEmployee);
export const updateEmployeeMutation = updateMutation(employeeKeys, updateEmployee);
export const deleteEmployeeMutation = deleteMutation(employeeKeys, deleteEmployee);
