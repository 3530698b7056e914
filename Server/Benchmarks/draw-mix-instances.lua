-- The deck server's draw mix (as draw-mix.lua), spread over one or more server instances: wrk's
-- threads take the instances in turn (DECK_HOSTS="host:port,host:port"), and each thread works on
-- its share of the 4-deck shoes in DECK_IDS (all of them when there are fewer shoes than threads):
-- draw 2 cards, and every 27th request of a thread on a shoe reshuffles it.

local function split(text)
  local items = {}
  for item in string.gmatch(text or "", "[^,]+") do items[#items + 1] = item end
  return items
end

local hosts = split(os.getenv("DECK_HOSTS"))
local threads = 0

function setup(thread)
  threads = threads + 1
  local host, port = string.match(hosts[(threads - 1) % #hosts + 1], "^(.*):(%d+)$")
  thread.addr = wrk.lookup(host, port)[1]
  thread:set("number", threads)
end

function init(args)
  local all = split(os.getenv("DECK_IDS"))
  local count = tonumber(os.getenv("DECK_THREADS") or "2")
  decks, uses, turn = {}, {}, 0
  for index, id in ipairs(all) do
    if (index - 1) % count == number - 1 then
      decks[#decks + 1] = id
      uses[#decks] = 0
    end
  end
  if #decks == 0 then
    for index, id in ipairs(all) do decks[index], uses[index] = id, 0 end
  end
end

function request()
  turn = turn % #decks + 1
  uses[turn] = uses[turn] + 1
  if uses[turn] % 27 == 0 then
    return wrk.format("GET", "/api/deck/" .. decks[turn] .. "/shuffle/")
  end
  return wrk.format("GET", "/api/deck/" .. decks[turn] .. "/draw/?count=2")
end
