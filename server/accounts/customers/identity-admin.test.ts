import type { UserRecord } from "firebase-admin/auth";
import { describe, expect, it } from "vitest";
import { orNull } from "./identity-admin.ts";

const record = {
  uid: "u1",
  email: "Dana@Example.com",
  phoneNumber: "+12015550100",
  displayName: "Dana",
  emailVerified: true,
  providerData: [],
} as unknown as UserRecord;
const dropped = Object.assign(new Error("write EPIPE"), {
  code: "app/network-error",
});
const notFound = Object.assign(new Error("no user"), {
  code: "auth/user-not-found",
});

describe("identity lookups", () => {
  it("ask once more when the connection dropped, and answer", async () => {
    let calls = 0;
    const user = await orNull(async () => {
      calls += 1;
      if (calls === 1) throw dropped;
      return record;
    });
    expect(calls).toBe(2);
    expect(user?.email).toBe("dana@example.com");
  });

  it("give up after a second dropped connection (the route answers 503)", async () => {
    let calls = 0;
    await expect(
      orNull(async () => {
        calls += 1;
        throw dropped;
      }),
    ).rejects.toBe(dropped);
    expect(calls).toBe(2);
  });

  it("answer null for an unknown user without asking again", async () => {
    let calls = 0;
    expect(
      await orNull(async () => {
        calls += 1;
        throw notFound;
      }),
    ).toBeNull();
    expect(calls).toBe(1);
  });
});
