"""kofun: a game-solving search engine for Sensei, Haniwa, Koi-Koi, Ohanami and Honshu."""
