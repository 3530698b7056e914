-- The heaviest legal request, repeated by one client: all 1,080 cards of a 20-deck shoe with
-- jokers (the most a deck may hold) moved from one pile to the other, back and forth. Each
-- request decodes, checks, moves and stores every card of the deck inside its transaction.
-- The deck id comes after `--` on wrk's command line; its cards must all be drawn.
local deck
local codes
local count = 0

function init(args)
    deck = args[1]
    local all = {}
    for _, suit in ipairs({"S", "D", "C", "H"}) do
        for _, rank in ipairs({"A", "2", "3", "4", "5", "6", "7", "8", "9", "0", "J", "Q", "K"}) do
            table.insert(all, rank .. suit)
        end
    end
    table.insert(all, "X1")
    table.insert(all, "X2")
    local shoe = {}
    for _ = 1, 20 do
        for _, code in ipairs(all) do table.insert(shoe, code) end
    end
    codes = table.concat(shoe, ",")
end

function request()
    count = count + 1
    local pile = (count % 2 == 0) and "a" or "b"
    return wrk.format("POST", "/api/deck/" .. deck .. "/pile/" .. pile .. "/add/",
        {["Content-Type"] = "application/x-www-form-urlencoded"}, "cards=" .. codes)
end
