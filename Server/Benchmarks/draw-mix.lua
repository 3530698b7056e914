-- The draw mix: draw 2 cards from one 4-deck shoe, and every 27th request of a thread reshuffle it.
-- The deck id comes after `--` on wrk's command line.
local deck
local count = 0

function init(args)
    deck = args[1]
end

function request()
    count = count + 1
    if count % 27 == 0 then
        return wrk.format("GET", "/api/deck/" .. deck .. "/shuffle/")
    end
    return wrk.format("GET", "/api/deck/" .. deck .. "/draw/?count=2")
end

-- No response() callback: wrk counts answers other than 2xx/3xx itself ("Non-2xx or 3xx
-- responses"), and a Lua callback per answer would take CPU from the server it measures.
