"""Measuring answers: scoring labelled question sets, and grouping unanswered questions
(coverage).
"""
