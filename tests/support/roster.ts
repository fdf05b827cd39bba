/** One employee of the roster's form as a group admin posts it (issue 28): active, full time, in Dallas. */
export function rosterEmployeeForm(e: { ref: string; first: string; email: string; ssn?: string }) {
  return {
    intent: "save",
    employeeRef: e.ref,
    firstName: e.first,
    lastName: "Moreno",
    birthdate: "03/04/1985",
    gender: "1",
    email: e.email,
    phone: "",
    ssn: e.ssn ?? "",
    hireDate: "01/02/2020",
    status: "active",
    employmentClass: "full_time",
    address1: "12 Elm St",
    address2: "",
    city: "Dallas",
    state: "TX",
    zip: "75201",
  };
}
