// Operator commands for OAuth apps: app:create (prints the client_id and,
// for confidential apps, the secret once) and app:rotate-secret.
import { Option, type Command } from 'commander';
import type { AccountService } from '../accounts/accountService.js';
import { AdminCommandError } from './adminProgram.js';
import { formatResult, type Printable } from './adminOutput.js';
import { validateRegistration } from '../oauth/clients/clientMetadata.js';
import type { OAuthClientService } from '../oauth/clients/clientService.js';
import {
  CLIENT_GRANTS,
  CLIENT_TYPES,
  TOKEN_AUTH_METHODS,
  type OAuthClient,
} from '../oauth/clients/clientTypes.js';

export interface AppCommandEnvironment {
  services(): Promise<{ accounts: AccountService; oauthClients: OAuthClientService }>;
  print(text: string): void;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function appView(client: OAuthClient): Record<string, unknown> {
  return {
    client_id: client.clientId,
    name: client.name,
    type: client.type,
    token_endpoint_auth_method: client.authMethod,
    grants: client.grants.join(' '),
    redirect_uris: client.redirectUris.join(' ') || null,
    created_at: client.createdAt.toISOString(),
  };
}

export function addAppCommands(program: Command, env: AppCommandEnvironment): void {
  const output = (result: Printable) =>
    env.print(formatResult(result, Boolean(program.opts<{ json?: boolean }>().json)));

  program
    .command('app:create')
    .description(
      'register an OAuth app for an account; a confidential app gets its secret printed once',
    )
    .requiredOption('--email <email>', 'owner')
    .requiredOption('--name <name>', 'shown in the consent dialog')
    .option('--description <text>', 'shown in the consent dialog')
    .addOption(new Option('--type <type>', 'app type').choices(CLIENT_TYPES).makeOptionMandatory())
    .addOption(
      new Option(
        '--auth-method <method>',
        'how a confidential app sends its secret (default client_secret_basic)',
      ).choices(TOKEN_AUTH_METHODS.filter((method) => method !== 'none')),
    )
    .addOption(
      new Option('--grant <grant>', 'grant type (repeatable)')
        .choices(CLIENT_GRANTS)
        .argParser(collect)
        .makeOptionMandatory(),
    )
    .option('--redirect-uri <uri>', 'redirect URI (repeatable)', collect)
    .action(
      async (o: {
        email: string;
        name: string;
        description?: string;
        type: string;
        authMethod?: string;
        grant: string[];
        redirectUri?: string[];
      }) => {
        const s = await env.services();
        const account = await s.accounts.findByEmail(o.email);
        if (!account) throw new AdminCommandError(`No account with email ${o.email}`);
        const checked = validateRegistration({
          name: o.name,
          description: o.description,
          type: o.type,
          authMethod: o.authMethod,
          grants: o.grant,
          redirectUris: o.redirectUri ?? [],
        });
        if (!checked.ok) throw new AdminCommandError(`${checked.error}: ${checked.message}`);
        const { client, secret } = await s.oauthClients.register(checked.value, account.id);
        output({ ...appView(client), ...(secret ? { client_secret: secret } : {}) });
      },
    );

  program
    .command('app:rotate-secret')
    .description('give a confidential app a new secret; the old one stops working at once')
    .requiredOption('--client-id <id>', 'the app')
    .action(async (o: { clientId: string }) => {
      const s = await env.services();
      const client = await s.oauthClients.findByClientId(o.clientId);
      if (!client) throw new AdminCommandError(`No app with client_id ${o.clientId}`);
      if (client.type !== 'confidential') {
        throw new AdminCommandError('Public apps have no secret');
      }
      output({
        client_id: client.clientId,
        client_secret: await s.oauthClients.rotateSecret(client),
      });
    });
}
