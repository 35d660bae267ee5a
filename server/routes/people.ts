import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DevicePairBody } from '../../src/api/requests.ts';
import { TouristRegisterBody, TouristRegisterResponse } from '../../src/api/tourist-profile.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { deviceWriter } from '../http/device-identity.ts';
import { noteTouristNamed } from '../http/did-uses.ts';
import { defineRoute } from '../http/route.ts';
import { pairDevice, registerTourist, touristExists } from '../stores/people.ts';

const DeviceResponse = z.object({ ok: z.literal(true), deviceId: z.string() });

export async function peopleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/tourists/register',
      access: 'device',
      summary:
        'Register a tourist (201); an id registered before answers 200 and keeps it. Beyond API.md: phone (as typed, stored as E.164), ' +
        'nationality, languages, idType with idLast4, emergencyContacts (contacts or phone strings), itinerary (stops or text). ' +
        'A whole identity number (aadhaar, passportNumber, idNumber…) is accepted and never stored or logged: only its type and last 4 ' +
        'are kept, as `identity` and `notice` say',
      tags: ['people'],
      body: TouristRegisterBody,
      status: 201,
      response: TouristRegisterResponse,
    },
    async ({ body, reply, request }) => {
      const { touristId: asked, identity, notice, ...profile } = body;
      const touristId = deviceWriter(request, ctx.config, 'other').touristFor(asked) ?? `tourist-${randomUUID()}`;
      const { created } = await ctx.write((tx) => registerTourist(tx, touristId, profile));
      noteTouristNamed(request, touristId);
      return reply
        .code(created ? 201 : 200)
        .send({ ok: true, touristId, ...(identity && { identity }), ...(notice && { notice }) });
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/devices/pair',
      access: 'device',
      summary: 'Pair a device with a registered tourist; a device paired again moves to the new tourist',
      tags: ['people'],
      body: DevicePairBody,
      status: 201,
      response: DeviceResponse,
    },
    async ({ body, request }) => {
      deviceWriter(request, ctx.config, 'other').touristFor(body.touristId);
      const deviceId = body.deviceId ?? `dev-${randomUUID()}`;
      await ctx.write(async (tx) => {
        // A device paired to nobody would report as an unknown person: refuse instead.
        if (!(await touristExists(tx, body.touristId)))
          throw notFound(`Unknown touristId "${body.touristId}"; register the tourist first.`);
        await pairDevice(tx, deviceId, body.touristId, body.bleAddress);
      });
      return { deviceId };
    },
  );
}
