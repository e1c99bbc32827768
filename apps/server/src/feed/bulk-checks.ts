import { LargeSet } from '../lib/large-set';
import { duplicateIn, nameProblem } from './check';
import type { BillingEventData, ContactData, DomainData, FeedChange, TransferData } from './format';

/** A line a snapshot lists: an upsert (a snapshot deletes nothing). */
export type ListedChange = Exclude<Extract<FeedChange, { op: 'upsert' }>, { type: 'eppConnection' | 'message' }>;

/*
 * A bulk snapshot's relations, checked in memory against what the snapshot listed before: the
 * database is empty, so the snapshot's own earlier lines are all there is to refer to.
 */
export class SnapshotContents {
  // Every key seen, to refuse duplicates: more than one Set can hold in a large registry.
  private readonly contacts = new LargeSet<string>();
  private readonly domainIds = new LargeSet<number>();
  private readonly names = new LargeSet<string>();
  private readonly transferIds = new LargeSet<number>();
  private readonly billingIds = new LargeSet<number>();

  constructor(
    /** Registrar handles the database holds; learns the snapshot's. */
    private readonly registrars: Set<string>,
    private readonly tld: string,
  ) {}

  /** Why the line cannot join the snapshot, or null. */
  problemWith(change: ListedChange): string | null {
    switch (change.type) {
      case 'registrar':
        return null;
      case 'protectedTransactions':
        return this.registrarProblem(change.data.registrar);
      case 'contact':
        return this.contactProblem(change.data);
      case 'domain':
        return this.domainProblem(change.data);
      case 'transfer':
        return this.transferProblem(change.data);
      case 'billingEvent':
        return this.billingProblem(change.data);
    }
  }

  /** Records the keys of a line that joined the snapshot. */
  remember(change: ListedChange): void {
    switch (change.type) {
      case 'registrar':
        this.registrars.add(change.data.handle);
        break;
      case 'contact':
        this.contacts.add(change.data.handle);
        break;
      case 'domain':
        this.domainIds.add(change.data.id);
        this.names.add(change.data.aLabel);
        break;
      case 'transfer':
        this.transferIds.add(change.data.id);
        break;
      case 'billingEvent':
        this.billingIds.add(change.data.id);
        break;
    }
  }

  /** The tables whose rows carry the registry's ids, when the snapshot gave any: their id sequences must move past them. */
  tablesWithIds(): string[] {
    const tables = [
      ['domains', this.domainIds],
      ['transfers', this.transferIds],
      ['billing_events', this.billingIds],
    ] as const;
    return tables.filter(([, ids]) => ids.size > 0).map(([table]) => table);
  }

  private registrarProblem(handle: string): string | null {
    return this.registrars.has(handle) ? null : `unknown registrar "${handle}"`;
  }

  private contactProblem(c: ContactData): string | null {
    return this.registrarProblem(c.registrar) ?? (this.contacts.has(c.handle) ? `duplicate key: contact "${c.handle}" is already in this snapshot` : null);
  }

  private domainProblem(d: DomainData): string | null {
    return (
      nameProblem(d, this.tld) ??
      duplicateIn(d) ??
      (this.domainIds.has(d.id) ? `duplicate key: registration ${d.id} is already in this snapshot` : null) ??
      (this.names.has(d.aLabel) ? `duplicate name: "${d.name}" is already in this snapshot` : null) ??
      this.registrarProblem(d.registrar) ??
      (!this.contacts.has(d.registrant) ? `missing registrant: contact "${d.registrant}" is not in the snapshot` : null) ??
      d.contacts.map((c) => (this.contacts.has(c.handle) ? null : `${c.role} contact "${c.handle}" is not in the snapshot`)).find((p) => p !== null) ??
      null
    );
  }

  private transferProblem(t: TransferData): string | null {
    return (
      (this.transferIds.has(t.id) ? `duplicate key: transfer ${t.id} is already in this snapshot` : null) ??
      (!this.domainIds.has(t.domain) ? `unknown registration ${t.domain}` : null) ??
      this.registrarProblem(t.gaining) ??
      this.registrarProblem(t.losing)
    );
  }

  private billingProblem(e: BillingEventData): string | null {
    return (this.billingIds.has(e.id) ? `duplicate key: billing event ${e.id} is already in this snapshot` : null) ?? this.registrarProblem(e.registrar);
  }
}
