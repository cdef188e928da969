"""buku's fairness-lab results, made by `python3 build.py fairness buku`
(`fairness.make_shipped`, seed 37): tests/unit/test_fairness.py replays a sample.
Do not edit by hand."""

RESULTS = ({'options': {},
  'levels': ['casual', 'casual'],
  'seed': 37,
  'key': '|casual,casual',
  'fair': 0.5,
  'exact': None,
  'tally': {'games': 2400,
            'wins': [1009, 1391],
            'draws': 0,
            'moves': 37327,
            'shortest': 4,
            'longest': 32},
  'sample': {'games': 40,
             'wins': [16, 24],
             'draws': 0,
             'moves': 640,
             'shortest': 4,
             'longest': 26}},)
