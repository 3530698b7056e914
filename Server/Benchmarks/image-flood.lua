-- Clients asking for card images nobody asked for before, as fast as they can: a random card,
-- width (900-1200 px) and theme each time, so that almost every request needs a render.
local cards = {}
local themes = {"classic", "four-color", "high-contrast"}

function init(args)
    for _, suit in ipairs({"S", "D", "C", "H"}) do
        for _, rank in ipairs({"A", "2", "3", "4", "5", "6", "7", "8", "9", "0", "J", "Q", "K"}) do
            table.insert(cards, rank .. suit)
        end
    end
    math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

function request()
    local card = cards[math.random(#cards)]
    local path = string.format("/static/img/%s.png?width=%d&theme=%s", card, math.random(900, 1200), themes[math.random(#themes)])
    return wrk.format("GET", path)
end
