-- Web Push to operators' phones (issue 35 point 5): the browsers an operator opted in from, each with the
-- regions and events it wants. Sent after the panic's commit from the committed stream messages, never
-- inside its transaction; a subscription the push service says is gone (404, 410) is deleted.
create table push_subscriptions (
  -- The push service's address for this browser: one row per browser, whoever subscribed it last.
  endpoint text primary key,
  -- The signed-in operator's username; 'anonymous' with sign-in off.
  operator text not null,
  p256dh text not null,
  auth text not null,
  -- Empty: every region.
  region_ids text[] not null default '{}',
  events text[] not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_operator on push_subscriptions (operator);
